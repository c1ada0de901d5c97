import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PASSWORD, productionProblems, PUBLISHED_VALUES } from '@pickles/service-kit';
import { INVOICE_VARIABLES_REQUIRED_IN_PRODUCTION } from '@pickles/shared/seller-profile';
import { createTestDatabase, eventually, runWithEnv, type TestDatabase } from '@pickles/test-kit';

/**
 * NODE_ENV=production refuses every value the repository publishes, the demo admin password, a
 * missing admin, JWT key, SMTP URL, shop address, support phone or tracking-link key, a shop address on this machine,
 * and a Razorpay base URL override nobody allowed; each refusal
 * is one line naming the variable, and the process exits 1 before it listens.
 */
function start(entry: string, env: Record<string, string>) {
  return runWithEnv(entry, { NODE_ENV: 'production', ...env }, 30_000);
}

// Values of our own: what an owner going live would set.
const OWN = {
  RAZORPAY_KEY_ID: 'rzp_live_OwnKey0000000001',
  RAZORPAY_KEY_SECRET: 'own-razorpay-key-secret',
  RAZORPAY_WEBHOOK_SECRET: 'own-razorpay-webhook-secret',
  JWT_SECRET: 'own-jwt-secret-own-jwt-secret-own-jwt-secret',
  ADMIN_USERNAME: 'owner',
  // A hash of another password, made with cheap parameters so the check below is quick.
  ADMIN_PASSWORD_HASH: 'scrypt$1024$8$1$b3duLXNhbHQtMTIzNA==$dDJCxwmwmWg+oH+cIpDeMKl2kcEFHf3KesFQv0CRiATEqUu9fE6CXXptd9e/yNmUgVHjn4gRbYTWNbzotQkIBw==',
  SMTP_URL: 'smtps://shop:password@smtp.example.in:465',
  SHOP_URL: 'https://royalpickles.in',
  SUPPORT_PHONE: '+91 11 2345 6789',
  TRACKING_LINK_SECRET: 'own-tracking-link-secret-own-tracking-link-secret',
  // The seller on the tax invoices (payments issues them).
  SELLER_LEGAL_NAME: 'Royal Pickles Foods Private Limited',
  SELLER_ADDRESS: '14 Kinari Bazaar|Chandni Chowk',
  SELLER_CITY: 'Delhi',
  SELLER_PINCODE: '110006',
  SELLER_STATE: 'Delhi',
  SELLER_GSTIN: '07ABCDE1234F1Z5',
  SELLER_FSSAI_LICENCE: '13326999000123',
  GRIEVANCE_OFFICER_NAME: 'Anita Sharma',
  GRIEVANCE_OFFICER_PHONE: '+91 11 2345 6790',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@royalpickles.in',
  GST_DEFAULT_HSN: '1602',
  GST_DEFAULT_RATE_PERCENT: '12',
  // The shop's own Shiprocket API user and webhook token.
  COURIER_EMAIL: 'api@royalpickles.in',
  COURIER_PASSWORD: 'own-courier-password',
  COURIER_WEBHOOK_TOKEN: 'own-courier-webhook-token',
  // Where nothing listens: a process that passes the checks fails later, on PostgreSQL, not here.
  DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none',
};

const ENTRIES: Record<string, string> = {
  RAZORPAY_KEY_ID: 'services/checkout/src/index.ts',
  RAZORPAY_KEY_SECRET: 'services/payments/src/index.ts',
  RAZORPAY_WEBHOOK_SECRET: 'services/payments/src/index.ts',
  JWT_SECRET: 'services/admin-orders/src/index.ts',
  ADMIN_PASSWORD_HASH: 'services/admin-orders/src/index.ts',
  SMTP_URL: 'services/notifications/src/index.ts',
  SUPPORT_PHONE: 'services/notifications/src/index.ts',
  SHOP_URL: 'services/notifications/src/index.ts',
  TRACKING_LINK_SECRET: 'services/notifications/src/index.ts',
  // The seller profile's fake defaults: payments prints them on invoices.
  SELLER_LEGAL_NAME: 'services/payments/src/index.ts',
  SELLER_ADDRESS: 'services/payments/src/index.ts',
  SELLER_GSTIN: 'services/payments/src/index.ts',
  SELLER_FSSAI_LICENCE: 'services/payments/src/index.ts',
  GRIEVANCE_OFFICER_NAME: 'services/payments/src/index.ts',
  GRIEVANCE_OFFICER_PHONE: 'services/payments/src/index.ts',
  GRIEVANCE_OFFICER_EMAIL: 'services/payments/src/index.ts',
  // The courier's API user and webhook token: admin-orders books and hears from the courier.
  COURIER_EMAIL: 'services/admin-orders/src/index.ts',
  COURIER_PASSWORD: 'services/admin-orders/src/index.ts',
  COURIER_WEBHOOK_TOKEN: 'services/admin-orders/src/index.ts',
};

/** Each entry and the published variables it checks, in ENTRIES' order. */
const VARIABLES_BY_ENTRY = Object.entries(PUBLISHED_VALUES).reduce<Map<string, string[]>>((byEntry, [name]) => {
  const entry = ENTRIES[name]!;
  byEntry.set(entry, [...(byEntry.get(entry) ?? []), name]);
  return byEntry;
}, new Map());

describe('production mode refuses what the repository publishes', () => {
  // One start per entry and round: the round's published value of every variable the entry checks at
  // once, so each refusal is seen as its own line beside the others (and a start costs about 1.5 s).
  for (const [entry, names] of VARIABLES_BY_ENTRY) {
    const rounds = Math.max(...names.map((name) => PUBLISHED_VALUES[name]!.length));
    it(`${entry}: each published value of ${names.join(', ')}`, () => {
      for (let round = 0; round < rounds; round++) {
        const published = Object.fromEntries(
          names.flatMap((name) => {
            const value = PUBLISHED_VALUES[name]![round];
            return value === undefined ? [] : [[name, value]];
          }),
        );
        const { code, lines } = start(entry, { ...OWN, ...published });
        expect(code, JSON.stringify(published)).toBe(1);
        for (const [name, value] of Object.entries(published)) {
          expect(lines.some((line) => line.startsWith(`Invalid environment variable ${name} (got a published value)`)), `${name}=${value}\n${lines.join('\n')}`).toBe(true);
          expect(lines.join('\n')).not.toContain(value);
        }
      }
    });
  }

  it('ADMIN_PASSWORD_HASH of the demo password, whatever its salt', async () => {
    const { hashPassword } = await import('../../services/admin-orders/src/domain/password.js');
    const demo = await hashPassword(DEMO_ADMIN_PASSWORD, { N: 1024, r: 8, p: 1 });
    const { code, lines } = start('services/admin-orders/src/index.ts', { ...OWN, ADMIN_PASSWORD_HASH: demo });
    expect(code).toBe(1);
    expect(lines).toEqual(['Invalid environment variable ADMIN_PASSWORD_HASH (the demo password): choose a password of your own (npm run admin:hash)']);
  });

  it('a missing admin, JWT key, SMTP URL, shop address, support phone, tracking-link key or grievance officer, one line each', () => {
    const admin = start('services/admin-orders/src/index.ts', { DATABASE_URL: OWN.DATABASE_URL });
    expect(admin.code).toBe(1);
    expect(admin.lines).toEqual(['Invalid environment variable JWT_SECRET (missing): required in production (at least 32 characters)']);
    const noAdmin = start('services/admin-orders/src/index.ts', { DATABASE_URL: OWN.DATABASE_URL, JWT_SECRET: OWN.JWT_SECRET });
    expect(noAdmin.lines).toEqual([
      'Invalid environment variable ADMIN_USERNAME (missing): required in production',
      'Invalid environment variable ADMIN_PASSWORD_HASH (missing): required in production',
      // It invoices an order the owner takes back: the seller's own particulars, as payments.
      ...INVOICE_VARIABLES_REQUIRED_IN_PRODUCTION.map((name) => `Invalid environment variable ${name} (missing): required in production`),
    ]);
    const mail = start('services/notifications/src/index.ts', { DATABASE_URL: OWN.DATABASE_URL });
    expect(mail.lines).toEqual([
      'Invalid environment variable SMTP_URL (missing): required in production',
      'Invalid environment variable SHOP_URL (missing): required in production',
      'Invalid environment variable SUPPORT_PHONE (missing): required in production',
      'Invalid environment variable TRACKING_LINK_SECRET (missing): required in production',
      'Invalid environment variable GRIEVANCE_OFFICER_NAME (missing): required in production',
      'Invalid environment variable GRIEVANCE_OFFICER_PHONE (missing): required in production',
      'Invalid environment variable GRIEVANCE_OFFICER_EMAIL (missing): required in production',
    ]);
  });

  it('the gateway without TRUSTED_PROXIES: behind a load balancer nobody trusts, every shopper would be one client', () => {
    const missing = start('gateway/src/index.ts', { WEB_DIST_DIR: 'web' });
    expect(missing).toEqual({
      code: 1,
      lines: [
        "Invalid environment variable TRUSTED_PROXIES (missing): required in production: the load balancer's addresses or CIDRs (its X-Forwarded-For names the shopper), or none when shoppers connect to the gateway directly",
      ],
    });
    const unreadable = start('gateway/src/index.ts', { WEB_DIST_DIR: 'web', TRUSTED_PROXIES: '10.0.0.0/8, the ingress' });
    expect(unreadable).toEqual({
      code: 1,
      lines: ['Invalid environment variable TRUSTED_PROXIES (got an invalid value): expected comma-separated addresses or CIDRs of the load balancer (10.0.0.0/8, 192.0.2.10), loopback, or none'],
    });
  });

  it('a shop address on this machine: shoppers would follow the e-mails\' links to nowhere', () => {
    for (const local of ['http://localhost:3000', 'http://127.0.0.1:3100', 'https://shop.localhost', 'http://[::1]:3000']) {
      const { code, lines } = start('services/notifications/src/index.ts', { ...OWN, SHOP_URL: local });
      expect(code, local).toBe(1);
      expect(lines, local).toEqual(["Invalid environment variable SHOP_URL (a local address): e-mails link shoppers to it; give the shop's public address, such as https://royalpickles.in"]);
    }
  });

  it('a Razorpay base URL override, unless explicitly allowed', () => {
    const refused = start('services/checkout/src/index.ts', { ...OWN, RAZORPAY_API_BASE_URL: 'http://127.0.0.1:4010' });
    expect(refused.code).toBe(1);
    expect(refused.lines[0]).toMatch(/^Invalid environment variable RAZORPAY_API_BASE_URL \(set\): production talks to Razorpay itself/);
    expect(productionProblems({ ...OWN, RAZORPAY_API_BASE_URL: 'http://127.0.0.1:4010', RAZORPAY_ALLOW_BASE_URL: 'true' })).toEqual([]);
  });

  it('a courier base URL override (the courier sandbox), unless explicitly allowed', () => {
    const refused = start('services/admin-orders/src/index.ts', { ...OWN, COURIER_API_BASE_URL: 'http://127.0.0.1:4020' });
    expect(refused.code).toBe(1);
    expect(refused.lines[0]).toMatch(/^Invalid environment variable COURIER_API_BASE_URL \(set\): production books with Shiprocket itself/);
    expect(productionProblems({ ...OWN, COURIER_API_BASE_URL: 'http://127.0.0.1:4020', COURIER_ALLOW_BASE_URL: 'true' })).toEqual([]);
  });

  it('the courier sandbox does not run at all', () => {
    expect(start('tools/courier-sandbox/src/index.ts', {})).toEqual({ code: 1, lines: ['The courier sandbox is a development and test tool: it does not run with NODE_ENV=production'] });
  });

  it('the Razorpay sandbox and the mail catcher do not run at all', () => {
    const sandbox = start('tools/razorpay-sandbox/src/index.ts', {});
    expect(sandbox).toEqual({ code: 1, lines: ['The Razorpay sandbox is a development and test tool: it does not run with NODE_ENV=production'] });
    const catcher = start('tools/mail-catcher/src/index.ts', {});
    expect(catcher).toEqual({ code: 1, lines: ['The mail catcher is a development and test tool: it does not run with NODE_ENV=production'] });
  });
});

/** A TCP port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

/** This machine's first address other networks reach it by (undefined when it has none). */
function externalAddress(): string | undefined {
  return Object.values(networkInterfaces()).flat().find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
}

function accepts(host: string, port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('internal services listen on this machine only unless HOST says otherwise', () => {
  it('checkout binds 127.0.0.1 by default', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/checkout/src/index.ts'], {
      env: { ...process.env, NODE_ENV: 'test', PORT: String(port), RAZORPAY_KEY_ID: 'rzp_test_Abc123', RAZORPAY_KEY_SECRET: 'secret-secret', RAZORPAY_WEBHOOK_SECRET: 'secret-secret', LOG_LEVEL: 'silent' },
      stdio: 'ignore',
    });
    try {
      await eventually(async () => (await fetch(`http://127.0.0.1:${port}/alive`).then((r) => r.ok, () => false)) || undefined, 20_000);
      const external = externalAddress();
      if (external) expect(await accepts(external, port)).toBe(false);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it("the gateway's metrics (order and payment volumes) listen on 127.0.0.1 in production too, unless METRICS_HOST opens them", async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'metrics-host-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Royal Pickles</title>');
    const external = externalAddress();
    for (const metricsHost of [undefined, '0.0.0.0']) {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const child = spawn(process.execPath, ['--import', 'tsx', 'gateway/src/index.ts'], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '/tmp',
          NODE_ENV: 'production',
          LOG_LEVEL: 'silent',
          PORT: String(port),
          METRICS_PORT: String(metricsPort),
          WEB_DIST_DIR: dist,
          TRUSTED_PROXIES: 'none',
          ...(metricsHost ? { METRICS_HOST: metricsHost } : {}),
        },
        stdio: 'ignore',
      });
      try {
        await eventually(async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.ok, () => false)) || undefined, 20_000);
        // The public port is on every interface; the metrics only where METRICS_HOST says.
        if (external) {
          expect(await accepts(external, port)).toBe(true);
          expect(await accepts(external, metricsPort), `METRICS_HOST=${metricsHost ?? '(default)'}`).toBe(metricsHost === '0.0.0.0');
        }
      } finally {
        child.kill('SIGTERM');
      }
    }
  });
});

describe("going live on the demo's database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** admin-orders as a process on the test's database, until it answers its health check; then the caller's `use`. */
  async function whileRunning(env: Record<string, string>, use: (url: string) => Promise<void>): Promise<void> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/admin-orders/src/index.ts'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', REDIS_URL: process.env.REDIS_URL ?? '', REDIS_PREFIX: `${process.env.REDIS_PREFIX}-golive`, LOG_LEVEL: 'silent', PORT: String(port), DATABASE_URL: database.url, ...env },
      stdio: 'ignore',
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await eventually(async () => (await fetch(`${url}/health`).then((r) => r.ok, () => false)) || undefined, 30_000);
      await use(url);
    } finally {
      child.kill('SIGTERM');
    }
  }

  const login = (url: string, username: string, password: string) =>
    fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) }).then((r) => r.status);

  it('refuses a live start while the demo admin logs in with the published password; naming it with the owner\'s hash applies it', async () => {
    const { hashPassword } = await import('../../services/admin-orders/src/domain/password.js');
    const cheap = { N: 1024, r: 8, p: 1 };
    // The README's path: first the demo (admin / pickles-admin) ...
    await whileRunning({ NODE_ENV: 'development', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD_HASH: await hashPassword(DEMO_ADMIN_PASSWORD, cheap) }, async (url) => {
      expect(await login(url, 'admin', DEMO_ADMIN_PASSWORD)).toBe(200);
    });
    // ... then "Going live" on the same database with the owner's own admin: refused, saying how.
    const ownHash = await hashPassword('the owners own password', cheap);
    const live = { ...OWN, DATABASE_URL: database.url, REDIS_URL: process.env.REDIS_URL ?? '', ADMIN_PASSWORD_HASH: ownHash };
    const refused = start('services/admin-orders/src/index.ts', live);
    expect(refused).toEqual({
      code: 1,
      lines: [
        'Admin "admin" in the database logs in with a password published in this repository (the demo\'s): give it your own (npm run admin:create -- --username admin), remove it (npm run admin:remove -- --username admin), or set ADMIN_USERNAME=admin with your ADMIN_PASSWORD_HASH',
      ],
    });
    // Naming the demo's admin with the owner's hash: applied, the live shop starts, the demo password is gone.
    await whileRunning({ NODE_ENV: 'production', ...live, ADMIN_USERNAME: 'admin' }, async (url) => {
      expect(await login(url, 'admin', DEMO_ADMIN_PASSWORD)).toBe(401);
      expect(await login(url, 'admin', 'the owners own password')).toBe(200);
    });
  });

  it('npm start keeps the demo and a live shop in databases of their own', async () => {
    // @ts-expect-error plain ESM helper shared with `npm start`
    const { defaultDatabaseUrl } = (await import('../../scripts/stack.mjs')) as { defaultDatabaseUrl: (real: boolean) => string };
    expect(defaultDatabaseUrl(false)).toBe('postgres://postgres@127.0.0.1:5432/royal_pickles_demo');
    expect(defaultDatabaseUrl(true)).toBe('postgres://postgres@127.0.0.1:5432/royal_pickles');
  });
});

describe('npm start with real Razorpay keys', () => {
  const live = { RAZORPAY_KEY_ID: OWN.RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: OWN.RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: OWN.RAZORPAY_WEBHOOK_SECRET };

  it('refuses to start without the owner\'s own admin, session key, SMTP relay, address, phone, tracking-link key and seller details, one line each', () => {
    const result = spawnSync(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, ...live, ADMIN_PASSWORD_HASH: '', JWT_SECRET: '', SMTP_URL: '', ADMIN_USERNAME: '', SHOP_URL: '', SUPPORT_PHONE: '', TRACKING_LINK_SECRET: '', TRUSTED_PROXIES: '' }, encoding: 'utf8', timeout: 60_000 });
    expect(result.status).toBe(1);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('Missing '));
    expect(lines.map((line) => line.split(':')[0])).toEqual(['Missing ADMIN_USERNAME', 'Missing ADMIN_PASSWORD_HASH', 'Missing JWT_SECRET', 'Missing SMTP_URL', 'Missing SHOP_URL', 'Missing SUPPORT_PHONE', 'Missing TRACKING_LINK_SECRET', 'Missing TRUSTED_PROXIES',
      ...['SELLER_LEGAL_NAME', 'SELLER_ADDRESS', 'SELLER_CITY', 'SELLER_PINCODE', 'SELLER_STATE', 'SELLER_GSTIN', 'SELLER_FSSAI_LICENCE', 'GST_DEFAULT_HSN', 'GST_DEFAULT_RATE_PERCENT'].map((name) => `Missing ${name}`)]);
  });

  it('runs every process in production mode, without the sandbox, the mail catcher or any demo value', async () => {
    // @ts-expect-error plain ESM helper shared with `npm start`
    const { stackEnvironment } = (await import('../../scripts/stack.mjs')) as { stackEnvironment: (options: object) => { processes: Record<string, { env: Record<string, string> }> } };
    const { processes } = stackEnvironment({ base: { ...live, ADMIN_USERNAME: 'owner', ADMIN_PASSWORD_HASH: OWN.ADMIN_PASSWORD_HASH, JWT_SECRET: OWN.JWT_SECRET, SMTP_URL: OWN.SMTP_URL, SHOP_URL: OWN.SHOP_URL, SUPPORT_PHONE: OWN.SUPPORT_PHONE, TRACKING_LINK_SECRET: OWN.TRACKING_LINK_SECRET, TRUSTED_PROXIES: 'loopback' }, databaseUrl: 'postgres://x@h/db', redisUrl: 'redis://h:6379', redisPrefix: 'p', jwtSecret: 'random-per-run' });
    expect(Object.keys(processes).sort()).toEqual(['admin-orders', 'checkout', 'gateway', 'notifications', 'payments']);
    for (const [name, process] of Object.entries(processes)) {
      expect(process.env.NODE_ENV, name).toBe('production');
      expect(productionProblems(process.env), name).toEqual([]);
    }
    expect(processes['admin-orders']!.env.JWT_SECRET).toBe(OWN.JWT_SECRET);
    expect(processes.notifications!.env.SMTP_URL).toBe(OWN.SMTP_URL);
    expect(processes.notifications!.env.SHOP_URL).toBe(OWN.SHOP_URL);
    // Notifications signs the tracking links checkout checks: both with the owner's key.
    expect(processes.notifications!.env.TRACKING_LINK_SECRET).toBe(OWN.TRACKING_LINK_SECRET);
    expect(processes.checkout!.env.TRACKING_LINK_SECRET).toBe(OWN.TRACKING_LINK_SECRET);
    expect(processes.gateway!.env.TRUSTED_PROXIES).toBe('loopback');
  });
});
