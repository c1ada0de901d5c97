// Starts the whole shop as child processes: used by `npm start` and by the end-to-end tests.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_BUNDLE_FLAGS, PROCESSES, bundleOf } from './processes.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The TypeScript entry of a process of scripts/processes.mjs. */
const entryOf = (name) => PROCESSES.find((p) => p.name === name).entry;

/** Default local ports; the e2e run shifts them so it can run beside `npm start`. */
export const DEFAULT_PORTS = {
  gateway: 3000,
  checkout: 4001,
  payments: 4002,
  adminOrders: 4003,
  notifications: 4004,
  sandbox: 4010,
  courierSandbox: 4020,
  mailHttp: 8025,
  mailSmtp: 1025,
  // The gateway's Prometheus listener (METRICS_PORT); port sets without it get any free port.
  gatewayMetrics: 9091,
};

/**
 * Every port of a set moved up by PORT_OFFSET (0 by default), so a second checkout of the repository can
 * run its shop and its tests beside the first (PORT_OFFSET=10000 npm start: the shop on :13000).
 */
export function offsetPorts(ports, offset = process.env.PORT_OFFSET ?? '0') {
  const shift = Number(offset);
  if (!Number.isInteger(shift) || shift < 0 || shift > 50000) throw new Error(`PORT_OFFSET must be a whole number from 0 to 50000 (got ${offset})`);
  return Object.fromEntries(Object.entries(ports).map(([name, port]) => [name, port === 0 ? 0 : port + shift]));
}

export const SANDBOX_KEYS = {
  keyId: 'rzp_test_Sandbox0000000001',
  keySecret: 'sandbox_key_secret_change_me',
  webhookSecret: 'sandbox_webhook_secret_change_me',
};

/**
 * The courier sandbox's own API user and webhook token (tools/courier-sandbox/src/env.ts defaults):
 * a demo stack books through it; production refuses them (PUBLISHED_VALUES).
 */
export const COURIER_SANDBOX_CREDENTIALS = {
  email: 'api-user@courier-sandbox.example',
  password: 'courier-sandbox-password',
  webhookToken: 'courier-sandbox-webhook-token',
};

/**
 * The courier as admin-orders sees it (COURIER_*): in a demo stack the sandbox, unless the caller
 * names a courier of its own; in a live shop only what the operator set (none: manual dispatch only).
 */
function courierEnvironment(base, real, courierSandboxUrl) {
  if (real || base.COURIER_EMAIL || !courierSandboxUrl) return {};
  return {
    COURIER_API_BASE_URL: courierSandboxUrl,
    COURIER_TRACKING_PAGE_URL: `${base.COURIER_SANDBOX_PUBLIC_URL ?? courierSandboxUrl}/tracking/`,
    COURIER_EMAIL: COURIER_SANDBOX_CREDENTIALS.email,
    COURIER_PASSWORD: COURIER_SANDBOX_CREDENTIALS.password,
    COURIER_WEBHOOK_TOKEN: COURIER_SANDBOX_CREDENTIALS.webhookToken,
    COURIER_PICKUP_LOCATION: base.COURIER_PICKUP_LOCATION ?? 'Primary',
  };
}

export const DEMO_ADMIN = { username: 'admin', password: 'pickles-admin' };

/**
 * A demo stack's key for the signed tracking links: @pickles/service-kit's DEMO_TRACKING_LINK_SECRET
 * (this plain script cannot import TypeScript; test/deploy checks the two agree). Production refuses it.
 */
export const DEMO_TRACKING_LINK_SECRET = 'demo-tracking-link-secret-for-local-shops-only';

/**
 * The local database `npm start` uses without DATABASE_URL: the demo's `royal_pickles_demo`, and a
 * live shop's `royal_pickles`, so a live start never finds the demo's admin, orders or e-mails.
 */
export function defaultDatabaseUrl(real) {
  return `postgres://postgres@127.0.0.1:5432/${real ? 'royal_pickles' : 'royal_pickles_demo'}`;
}

/** True when the environment carries real Razorpay keys and no sandbox base URL. */
export function usesRealRazorpay(env = process.env) {
  return Boolean(env.RAZORPAY_KEY_ID && !env.RAZORPAY_API_BASE_URL && /^rzp_(test|live)_/.test(env.RAZORPAY_KEY_ID) && env.RAZORPAY_KEY_ID !== SANDBOX_KEYS.keyId);
}

/** Can we open a TCP connection to host:port within `timeoutMs`? */
export function canConnect(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Checks PostgreSQL and Redis; returns one message per unreachable server, saying how to start it. */
export async function checkInfrastructure(databaseUrl, redisUrl) {
  const servers = [
    { name: 'PostgreSQL', variable: 'DATABASE_URL', url: databaseUrl, defaultPort: 5432, start: () => 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start' },
    { name: 'Redis', variable: 'REDIS_URL', url: redisUrl, defaultPort: 6379, start: (port) => `redis-server --daemonize yes --bind 127.0.0.1 -::1 --port ${port} --save "" --appendonly no` },
  ];
  const problems = [];
  for (const { name, variable, url, defaultPort, start } of servers) {
    const parsed = new URL(url);
    const host = parsed.hostname || '127.0.0.1';
    const port = Number(parsed.port || defaultPort);
    if (!(await canConnect(host, port))) {
      problems.push(`${name} is not reachable at ${host}:${port} (${variable}).\n` + `  Start it with: ${start(port)}\n` + `  (or point ${variable} at a running server)`);
    }
  }
  return problems;
}

/** Runs a command to completion, inheriting output; rejects on a non-zero exit. */
export function run(command, args, { env = process.env, cwd = ROOT, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output}`))));
  });
}

/** Most copies of each service a local stack runs: replica k listens on the first one's port + 10 * (k - 1). */
export const MAX_REPLICAS = 9;

/** The port of replica `k` (1-based) of a service whose first replica listens on `port`. */
export const replicaPort = (port, k) => port + 10 * (k - 1);

/** Process name of replica `k`: the first keeps the service's own name, so one replica looks as it always did. */
export const replicaName = (service, k) => (k === 1 ? service : `${service}-${k}`);

/** Reads `--replicas N` (or `--replicas=N`) from argv, else REPLICAS, else 1; refuses anything outside 1..MAX_REPLICAS. */
export function parseReplicas(argv = process.argv.slice(2), env = process.env) {
  const index = argv.findIndex((arg) => arg === '--replicas' || arg.startsWith('--replicas='));
  const raw = index === -1 ? (env.REPLICAS ?? '1') : argv[index].includes('=') ? argv[index].split('=')[1] : argv[index + 1];
  const replicas = Number(raw);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS) throw new Error(`--replicas must be a whole number from 1 to ${MAX_REPLICAS} (got ${raw ?? 'nothing'})`);
  return replicas;
}

/**
 * Environment of every process of the shop, from the ports and the caller's environment. With
 * `replicas` > 1 every service (checkout, payments, admin-orders, notifications) runs that many
 * copies, each on its own port (replicaPort), and the gateway gets the comma-separated list of them.
 */
export function stackEnvironment({ ports = DEFAULT_PORTS, base = process.env, databaseUrl, redisUrl, redisPrefix, adminPasswordHash, jwtSecret, logLevel, replicas = 1 }) {
  const real = usesRealRazorpay(base);
  const sandboxUrl = `http://127.0.0.1:${ports.sandbox}`;
  // A port set without a courier sandbox (the replica, metrics and restart stacks) runs without a courier: manual dispatch only.
  const courierSandboxUrl = ports.courierSandbox ? `http://127.0.0.1:${ports.courierSandbox}` : undefined;
  const shared = {
    ...base,
    // Real Razorpay keys mean a live shop: production mode, which refuses every published demo value.
    NODE_ENV: real ? 'production' : (base.NODE_ENV ?? 'development'),
    LOG_LEVEL: logLevel ?? base.LOG_LEVEL ?? 'info',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    RAZORPAY_KEY_ID: real ? base.RAZORPAY_KEY_ID : SANDBOX_KEYS.keyId,
    RAZORPAY_KEY_SECRET: real ? base.RAZORPAY_KEY_SECRET : SANDBOX_KEYS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: real ? base.RAZORPAY_WEBHOOK_SECRET : SANDBOX_KEYS.webhookSecret,
    ...(real ? {} : { RAZORPAY_API_BASE_URL: sandboxUrl }),
    RAZORPAY_CHECKOUT_SCRIPT_URL: real ? (base.RAZORPAY_CHECKOUT_SCRIPT_URL ?? 'https://checkout.razorpay.com/v1/checkout.js') : `${sandboxUrl}/v1/checkout.js`,
  };
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS) throw new Error(`replicas must be 1 to ${MAX_REPLICAS}`);
  const replicaUrls = (port) => Array.from({ length: replicas }, (_, i) => `http://127.0.0.1:${replicaPort(port, i + 1)}`).join(',');
  const processes = {
    ...(real
      ? {}
      : {
          // Development only: it shows every e-mail to whoever reaches it.
          'mail-catcher': { process: 'mail-catcher', entry: entryOf('mail-catcher'), env: { ...shared, PORT: String(ports.mailHttp), SMTP_PORT: String(ports.mailSmtp) }, health: `http://127.0.0.1:${ports.mailHttp}/health` },
          'razorpay-sandbox': {
            process: 'razorpay-sandbox',
            entry: entryOf('razorpay-sandbox'),
            env: {
              ...shared,
              PORT: String(ports.sandbox),
              SANDBOX_KEY_ID: SANDBOX_KEYS.keyId,
              SANDBOX_KEY_SECRET: SANDBOX_KEYS.keySecret,
              SANDBOX_WEBHOOK_SECRET: SANDBOX_KEYS.webhookSecret,
              SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${ports.gateway}/api/payment/webhook`,
              SANDBOX_PUBLIC_URL: base.SANDBOX_PUBLIC_URL ?? `http://127.0.0.1:${ports.sandbox}`,
            },
            health: `http://127.0.0.1:${ports.sandbox}/health`,
          },
          // Development only: a local Shiprocket, whose tracking webhooks come in through the gateway.
          ...(courierSandboxUrl && {
            'courier-sandbox': {
              process: 'courier-sandbox',
              entry: entryOf('courier-sandbox'),
              env: {
                ...shared,
                PORT: String(ports.courierSandbox),
                COURIER_SANDBOX_EMAIL: COURIER_SANDBOX_CREDENTIALS.email,
                COURIER_SANDBOX_PASSWORD: COURIER_SANDBOX_CREDENTIALS.password,
                COURIER_SANDBOX_WEBHOOK_TOKEN: COURIER_SANDBOX_CREDENTIALS.webhookToken,
                COURIER_SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${ports.gateway}/api/courier/webhook`,
                COURIER_SANDBOX_PUBLIC_URL: base.COURIER_SANDBOX_PUBLIC_URL ?? courierSandboxUrl,
              },
              health: `http://127.0.0.1:${ports.courierSandbox}/health`,
            },
          }),
        }),
    checkout: {
      process: 'checkout',
      entry: entryOf('checkout'),
      // It checks the tracking links notifications signs: the same key (a live shop's own, start.mjs insists).
      env: { ...shared, PORT: String(ports.checkout), ...(real ? {} : { TRACKING_LINK_SECRET: base.TRACKING_LINK_SECRET ?? DEMO_TRACKING_LINK_SECRET }) },
      health: `http://127.0.0.1:${ports.checkout}/health`,
    },
    payments: {
      process: 'payments',
      entry: entryOf('payments'),
      env: { ...shared, PORT: String(ports.payments) },
      health: `http://127.0.0.1:${ports.payments}/health`,
    },
    'admin-orders': {
      process: 'admin-orders',
      entry: entryOf('admin-orders'),
      env: {
        ...shared,
        PORT: String(ports.adminOrders),
        ...courierEnvironment(base, real, courierSandboxUrl),
        // A live shop runs only with the owner's own key and admin (start.mjs insists before starting).
        ...(real
          ? {}
          : {
              JWT_SECRET: base.JWT_SECRET ?? jwtSecret,
              ADMIN_USERNAME: base.ADMIN_USERNAME ?? DEMO_ADMIN.username,
              ADMIN_PASSWORD_HASH: base.ADMIN_PASSWORD_HASH ?? adminPasswordHash,
              // Payment links send the shopper back to this stack's gateway once paid (decision 032).
              SHOP_URL: `http://localhost:${ports.gateway}`,
            }),
      },
      health: `http://127.0.0.1:${ports.adminOrders}/health`,
    },
    notifications: {
      process: 'notifications',
      entry: entryOf('notifications'),
      env: {
        ...shared,
        PORT: String(ports.notifications),
        // A demo stack's e-mails link to its own gateway; a live shop gives its public address (start.mjs insists).
        ...(real
          ? {}
          : { SMTP_URL: base.SMTP_URL ?? `smtp://127.0.0.1:${ports.mailSmtp}`, SHOP_URL: `http://localhost:${ports.gateway}`, TRACKING_LINK_SECRET: base.TRACKING_LINK_SECRET ?? DEMO_TRACKING_LINK_SECRET }),
      },
      health: `http://127.0.0.1:${ports.notifications}/health`,
    },
    gateway: {
      process: 'gateway',
      entry: entryOf('gateway'),
      env: {
        ...shared,
        PORT: String(ports.gateway),
        CHECKOUT_URL: replicaUrls(ports.checkout),
        PAYMENTS_URL: replicaUrls(ports.payments),
        ADMIN_ORDERS_URL: replicaUrls(ports.adminOrders),
        NOTIFICATIONS_URL: replicaUrls(ports.notifications),
        WEB_DIST_DIR: base.WEB_DIST_DIR ?? path.join(ROOT, 'web/dist'),
        METRICS_PORT: String(ports.gatewayMetrics ?? 0),
      },
      health: `http://127.0.0.1:${ports.gateway}/alive`,
    },
  };
  // Replicas 2..N of each service: the first one's environment on the next free port.
  for (const service of REPLICATED_SERVICES) {
    const first = processes[service];
    for (let k = 2; k <= replicas; k++) {
      const port = replicaPort(Number(first.env.PORT), k);
      processes[replicaName(service, k)] = { ...first, env: { ...first.env, PORT: String(port) }, health: `http://127.0.0.1:${port}/health` };
    }
  }
  return { real, sandboxUrl, courierSandboxUrl, processes };
}

/** The services that run N copies with --replicas (the gateway, sandbox and mail catcher run one). */
export const REPLICATED_SERVICES = ['checkout', 'payments', 'admin-orders', 'notifications'];

/** What a live shop (real Razorpay keys) must be given; one line per missing variable. */
export function liveShopProblems(env = process.env) {
  const needed = {
    ADMIN_USERNAME: 'the admin\'s user name',
    ADMIN_PASSWORD_HASH: 'a hash of the admin\'s own password (npm run admin:hash)',
    JWT_SECRET: 'at least 32 random characters that sign admin sessions',
    SMTP_URL: 'the SMTP relay that sends customer e-mails (smtps://user:password@host:465)',
    SHOP_URL: 'the shop\'s public address, which the e-mails link to (https://royalpickles.in)',
    SUPPORT_PHONE: 'the phone number shoppers see in their confirmation e-mail',
    TRACKING_LINK_SECRET: 'at least 16 random characters that sign the tracking links in e-mails (openssl rand -base64 32)',
    TRUSTED_PROXIES: 'the load balancer in front of the shop whose X-Forwarded-For names the shopper (loopback for nginx on this machine, its addresses or CIDRs otherwise), or none when shoppers reach this machine directly',
    SELLER_LEGAL_NAME: 'the registered name printed on tax invoices',
    SELLER_ADDRESS: 'the seller\'s street address, lines separated by |',
    SELLER_CITY: 'the seller\'s city',
    SELLER_PINCODE: 'the seller\'s pincode',
    SELLER_STATE: 'the seller\'s state (its GST code is the GSTIN\'s first two digits)',
    SELLER_GSTIN: 'the shop\'s GSTIN',
    SELLER_FSSAI_LICENCE: 'the 14-digit FSSAI licence number',
    GST_DEFAULT_HSN: 'the HSN code of the pickles (the accountant\'s call, e.g. 1602)',
    GST_DEFAULT_RATE_PERCENT: 'their GST rate in percent (the accountant\'s call)',
    RAZORPAY_KEY_SECRET: 'the key secret from the Razorpay dashboard',
    RAZORPAY_WEBHOOK_SECRET: 'the webhook secret set in the Razorpay dashboard',
  };
  return Object.entries(needed)
    .filter(([name]) => !env[name])
    .map(([name, what]) => `Missing ${name}: ${what}. Real Razorpay keys mean a live shop, which runs only with values of its own.`);
}

/** The demo owner's password hash and a fresh JWT secret, for a stack started by a test, the e2e run or a bench. */
export async function demoOwnerSecrets() {
  return { adminPasswordHash: await hashDemoPassword(DEMO_ADMIN.password), jwtSecret: randomSecret() };
}

/** A demo admin password hash made with the admin service's own KDF (its bundled tool when `compiled`). */
export async function hashDemoPassword(password, env = process.env, { compiled = false } = {}) {
  const tool = compiled ? [...NODE_BUNDLE_FLAGS, 'dist/admin-orders/hash-password.mjs'] : ['--import', 'tsx', 'services/admin-orders/src/cli/hash-password.ts'];
  const output = await runWithInput(process.execPath, tool, password, env);
  return output.trim().split('\n').at(-1);
}

function runWithInput(command, args, input, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited with ${code}: ${err}`))));
    child.stdin.end(input);
  });
}

/**
 * How node runs a process: its TypeScript through tsx (development: edit and restart), or with
 * `compiled` its bundle from `npm run build:server` (dist/<process>/main.mjs), as production and the
 * container images run it (docs/decisions/021).
 */
export function nodeArguments(spec, compiled = false) {
  return compiled ? [...NODE_BUNDLE_FLAGS, path.join(ROOT, bundleOf(spec.process))] : ['--import', 'tsx', spec.entry];
}

/**
 * Spawns every process (nodeArguments: tsx, or the bundles when `compiled`) and supervises it: one
 * that exits on its own is started again after a delay that doubles with each quick failure (1 s,
 * 2 s, 4 s ... 30 s; back to 1 s once a run lasted a minute), and `onRestart` says so. Stopping
 * (stop, stopAll) is never followed by a restart; `restart` is a deliberate one. Output lines are
 * prefixed with the process name (or dropped when `quiet`).
 */
export function spawnStack(processes, { quiet = false, compiled = false, onExit, onRestart } = {}) {
  const children = new Map();
  const stopping = new Set();
  const restarts = new Map();
  let stoppingAll = false;
  const width = Math.max(...Object.keys(processes).map((name) => name.length));
  const start = (name, spec) => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, nodeArguments(spec, compiled), { cwd: ROOT, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `${name.padEnd(width)} | `;
    for (const stream of [child.stdout, child.stderr]) {
      let buffer = '';
      stream.on('data', (chunk) => {
        if (quiet) return;
        buffer += chunk;
        const lines = buffer.split('\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
    }
    child.on('exit', (code, signal) => {
      if (children.get(name) === child) children.delete(name);
      onExit?.(name, code, signal);
      if (stoppingAll || stopping.has(name)) return;
      const failures = Date.now() - startedAt > 60_000 ? 0 : (restarts.get(name) ?? 0);
      const delayMs = Math.min(30_000, 1_000 * 2 ** failures);
      restarts.set(name, failures + 1);
      onRestart?.(name, delayMs);
      setTimeout(() => {
        if (!stoppingAll && !stopping.has(name) && !children.has(name)) start(name, spec);
      }, delayMs).unref();
    });
    children.set(name, child);
  };
  for (const [name, spec] of Object.entries(processes)) start(name, spec);
  const stop = async (name, signal = 'SIGTERM') => {
    stopping.add(name);
    const child = children.get(name);
    if (!child) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill(signal);
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    });
  };
  /**
   * A graceful restart of one process, as a rolling update does it: SIGTERM (it fails readiness,
   * drains and finishes its requests), then started again at once, without the backoff kept for
   * crashes. Resolves with the new child once spawned (not yet healthy: poll its health URL).
   */
  const restart = async (name) => {
    await stop(name);
    stopping.delete(name);
    if (stoppingAll) return undefined;
    start(name, processes[name]);
    return children.get(name);
  };
  return {
    children,
    stop,
    restart,
    stopAll: async () => {
      stoppingAll = true;
      // The gateway first, so no new work arrives while the services drain.
      await stop('gateway');
      await Promise.all([...children.keys()].map((name) => stop(name)));
    },
  };
}

/** Polls each health URL until it answers 200 or the deadline passes. */
export async function waitForHealthy(urls, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(urls);
  while (pending.size && Date.now() < deadline) {
    await Promise.all(
      [...pending].map(async (url) => {
        try {
          const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
          if (response.ok) pending.delete(url);
        } catch {
          // not up yet
        }
      }),
    );
    if (pending.size) await new Promise((resolve) => setTimeout(resolve, 300));
  }
  if (pending.size) throw new Error(`not healthy after ${timeoutMs / 1000}s: ${[...pending].join(', ')}`);
}

export const randomSecret = () => randomBytes(32).toString('hex');
