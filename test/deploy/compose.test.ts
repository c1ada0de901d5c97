import { scryptSync, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PASSWORD, DOCKERFILE, processes } from './processes.js';
import { readCompose, repoRoot } from './support.js';

const compose = readCompose();
const services = compose.services;
const env = (name: string) => Object.fromEntries(Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [k, String(v)]));
/** Compose turns $$ into a literal $. */
const unescape = (value: string) => value.replaceAll('$$', '$');

describe('docker-compose.yml', () => {
  it('has the data stores, the tools, the migrate one-shot and every process', () => {
    expect(Object.keys(services).sort()).toEqual(['postgres', 'redis', ...processes.map((p) => p.name)].sort());
  });

  it('builds each process from the repository root with the one Dockerfile, a target, its name and port, as the image Kubernetes names', () => {
    expect(existsSync(join(repoRoot, DOCKERFILE))).toBe(true);
    for (const process of processes) {
      const { build, image } = services[process.name]!;
      expect(build?.context, process.name).toBe('.');
      expect(build?.dockerfile, process.name).toBe(DOCKERFILE);
      expect(build?.target, process.name).toMatch(/\S/);
      expect(build?.args?.PROCESS, process.name).toBe(process.name);
      expect(build?.args?.PORT, process.name).toBe(process.port ? String(process.port) : undefined);
      expect(image, process.name).toBe(`pickles/${process.name}:dev`);
    }
  });

  it('runs PostgreSQL 15 and Redis 7 with persistent volumes and health checks; Redis never evicts queue keys', () => {
    expect(services.postgres!.image).toBe('postgres:15');
    expect(services.postgres!.healthcheck?.test.join(' ')).toMatch(/pg_isready/);
    expect(services.postgres!.volumes?.[0]).toMatch(/^[\w-]+:\/var\/lib\/postgresql\/data$/);
    expect(services.redis!.image).toBe('redis:7');
    expect(services.redis!.command?.join(' ')).toMatch(/--appendonly yes/);
    expect(services.redis!.command?.join(' ')).toMatch(/--maxmemory-policy noeviction/);
    expect(services.redis!.healthcheck?.test.join(' ')).toMatch(/redis-cli.*ping/);
    for (const volume of [...services.postgres!.volumes!, ...services.redis!.volumes!].map((v) => v.split(':')[0]!)) {
      expect(Object.keys(compose.volumes ?? {})).toContain(volume);
    }
  });

  it('starts dependents only when what they need is healthy, and after migrate has succeeded', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[dependency], `${name} -> ${dependency}`).toBeDefined();
        expect(condition, `${name} -> ${dependency}`).toBe(dependency === 'migrate' ? 'service_completed_successfully' : 'service_healthy');
        if (dependency !== 'migrate') expect(services[dependency]!.healthcheck, `${dependency} has a health check`).toBeDefined();
      }
      if (name !== 'migrate' && env(name).DATABASE_URL) {
        expect(Object.keys(service.depends_on ?? {}), name).toEqual(expect.arrayContaining(['postgres', 'redis', 'migrate']));
      }
    }
    expect(services.migrate!.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(services.migrate!.restart).toBe('no');
    expect(Object.keys(services.gateway!.depends_on ?? {}).sort()).toEqual(['admin-orders', 'checkout', 'notifications', 'payments']);
  });

  it('health-checks every long-running process', () => {
    for (const process of processes.filter((p) => p.port)) {
      const test = services[process.name]!.healthcheck?.test ?? [];
      expect(test.slice(0, 3), process.name).toEqual(['CMD', 'node', '-e']);
      expect(test[3], process.name).toMatch(/^fetch\('http:\/\/127\.0\.0\.1:'\+process\.env\.PORT\+'\/(health|alive)'\)/);
      // podman's Docker-compatible API splits an exec-form test at spaces; a script without any runs the same everywhere.
      expect(test[3], process.name).not.toMatch(/\s/);
    }
  });

  it('publishes only the gateway, the sandboxes and the mail catcher UI', () => {
    const published = Object.entries(services).flatMap(([name, s]) => (s.ports ?? []).map((p) => `${name} ${p}`));
    expect(published.sort()).toEqual(['courier-sandbox 4020:4020', 'gateway 3000:3000', 'mail-catcher 8025:8025', 'razorpay-sandbox 4010:4010']);
  });

  it('gives every process the environment it needs, on its own port', () => {
    for (const process of processes) {
      const environment = env(process.name);
      expect(process.env.filter((variable) => environment[variable] === undefined), process.name).toEqual([]);
      if (process.port) expect(environment.PORT, process.name).toBe(String(process.port));
    }
  });

  it('points every URL at a compose service and port that exist', () => {
    const portOf = (name: string) => env(name).PORT ?? { postgres: '5432', redis: '6379' }[name];
    for (const [name] of Object.entries(services)) {
      for (const [variable, value] of Object.entries(env(name))) {
        // Browser-facing addresses (the shop's, the sandboxes' public ones, the courier's tracking page) are checked below or not at all.
        if (!/_URL$/.test(variable) || /PUBLIC|SCRIPT|SHOP|TRACKING_PAGE/.test(variable)) continue;
        const url = new URL(value);
        expect(services[url.hostname], `${name} ${variable}`).toBeDefined();
        const port = url.port || portOf(url.hostname);
        if (url.hostname === 'mail-catcher' && url.protocol === 'smtp:') expect(port).toBe(env('mail-catcher').SMTP_PORT);
        else expect(port, `${name} ${variable}`).toBe(portOf(url.hostname));
      }
    }
  });

  it('links the e-mails to the gateway as the laptop\'s browser reaches it', () => {
    const shop = new URL(env('notifications').SHOP_URL!);
    expect(shop.hostname).toBe('localhost');
    expect(services.gateway!.ports).toContain(`${shop.port}:${env('gateway').PORT}`);
  });

  it('shares one set of sandbox credentials between the sandbox and the shop', () => {
    const sandbox = env('razorpay-sandbox');
    for (const service of ['checkout', 'payments']) {
      expect(env(service).RAZORPAY_KEY_ID).toBe(sandbox.SANDBOX_KEY_ID);
      expect(env(service).RAZORPAY_KEY_SECRET).toBe(sandbox.SANDBOX_KEY_SECRET);
      expect(env(service).RAZORPAY_WEBHOOK_SECRET).toBe(sandbox.SANDBOX_WEBHOOK_SECRET);
    }
    expect(new URL(sandbox.SANDBOX_WEBHOOK_URL!).pathname).toBe('/api/payment/webhook');
  });

  it('ships through the courier sandbox: one API user and webhook token for the sandbox and admin-orders, webhooks to the gateway', () => {
    const sandbox = env('courier-sandbox');
    const shop = env('admin-orders');
    expect(shop.COURIER_EMAIL).toBe(sandbox.COURIER_SANDBOX_EMAIL);
    expect(shop.COURIER_PASSWORD).toBe(sandbox.COURIER_SANDBOX_PASSWORD);
    expect(shop.COURIER_WEBHOOK_TOKEN).toBe(sandbox.COURIER_SANDBOX_WEBHOOK_TOKEN);
    expect(new URL(shop.COURIER_API_BASE_URL!).hostname).toBe('courier-sandbox');
    const webhook = new URL(sandbox.COURIER_SANDBOX_WEBHOOK_URL!);
    expect([webhook.hostname, webhook.pathname]).toEqual(['gateway', '/api/courier/webhook']);
    expect(new URL(shop.COURIER_TRACKING_PAGE_URL!).origin).toBe(sandbox.COURIER_SANDBOX_PUBLIC_URL);
  });

  it(`ships a demo admin hash that really is the hash of "${DEMO_ADMIN_PASSWORD}"`, () => {
    const hash = unescape(env('admin-orders').ADMIN_PASSWORD_HASH!);
    const [scheme, N, r, p, salt, key] = hash.split('$');
    expect(scheme).toBe('scrypt');
    const expected = Buffer.from(key!, 'base64');
    const actual = scryptSync(DEMO_ADMIN_PASSWORD.normalize('NFC'), Buffer.from(salt!, 'base64'), expected.length, {
      N: Number(N),
      r: Number(r),
      p: Number(p),
      maxmem: 256 * Number(N) * Number(r) + 1024 * 1024,
    });
    expect(timingSafeEqual(actual, expected)).toBe(true);
  });
});
