import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, parseEnv } from '@pickles/service-kit';
import { startApp, type RunningApp } from '@pickles/test-kit';
import { createGatewayApp } from '../src/app.js';
import { gatewayEnvSchema } from '../src/env.js';
import { ReplicaPool } from '../src/replicas.js';

/** The gateway in front of several replicas of each service: stand-in upstreams that say who answered. */
const logger = createLogger('gateway-replicas-test', 'silent');
const dist = mkdtempSync(path.join(tmpdir(), 'gateway-replicas-dist-'));
writeFileSync(path.join(dist, 'app-shell.html'), '<!doctype html><title>Shell</title>');

interface Replica {
  name: string;
  ready: boolean;
  running: RunningApp;
}

async function replica(name: string): Promise<Replica> {
  const state = { name, ready: true } as Replica;
  const app = express();
  app.get('/health', (_req, res) => {
    res.status(state.ready ? 200 : 503).json({ status: state.ready ? 'ok' : 'fail', service: name, checks: { postgres: { status: 'ok' }, redis: { status: 'ok' } } });
  });
  app.use((req, res) => {
    res.json({ replica: name, path: req.originalUrl });
  });
  state.running = await startApp(app);
  return state;
}

/** Runs `test` against a stand-in upstream that answers every request with `handler`; it closes after, however the test ends. */
async function withUpstream(handler: express.RequestHandler, test: (url: string) => Promise<void>): Promise<void> {
  const app = express();
  app.use(handler);
  const running = await startApp(app);
  try {
    await test(running.url);
  } finally {
    await running.close();
  }
}

/** A URL nothing listens on: a replica that is down. */
async function deadUrl(): Promise<string> {
  const gone = await startApp(express());
  await gone.close();
  return gone.url;
}

function gatewayConfig(upstreams: { checkout: string[]; payments: string[]; admin: string[]; notifications: string[] }) {
  return {
    NODE_ENV: 'test' as const,
    CHECKOUT_URL: upstreams.checkout,
    PAYMENTS_URL: upstreams.payments,
    ADMIN_ORDERS_URL: upstreams.admin,
    NOTIFICATIONS_URL: upstreams.notifications,
    WEB_DIST_DIR: dist,
    CORS_ORIGINS: [],
    RAZORPAY_CHECKOUT_SCRIPT_URL: 'https://checkout.razorpay.com/v1/checkout.js',
    UPSTREAM_TIMEOUT_MS: 5_000,
  };
}

const started: RunningApp[] = [];
async function startGateway(config: ReturnType<typeof gatewayConfig>): Promise<RunningApp> {
  const running = await startApp(createGatewayApp(config, logger));
  started.push(running);
  return running;
}

let replicas: Record<'checkout1' | 'checkout2' | 'payments1' | 'payments2' | 'admin1' | 'notifications1' | 'notifications2', Replica>;

beforeAll(async () => {
  const names = ['checkout1', 'checkout2', 'payments1', 'payments2', 'admin1', 'notifications1', 'notifications2'] as const;
  replicas = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await replica(name)] as const))) as typeof replicas;
});

afterEach(async () => {
  await Promise.all(started.splice(0).map((running) => running.close()));
  for (const each of Object.values(replicas)) each.ready = true;
});

afterAll(async () => {
  await Promise.all(Object.values(replicas).map((each) => each.running.close()));
});

const urls = (...names: Array<keyof typeof replicas>) => names.map((name) => replicas[name].running.url);

describe('the environment', () => {
  it('takes one URL or a comma-separated list of replicas per service', () => {
    const env = parseEnv(gatewayEnvSchema, { CHECKOUT_URL: 'http://127.0.0.1:4001, http://127.0.0.1:4011', PAYMENTS_URL: 'http://127.0.0.1:4002' });
    expect(env.CHECKOUT_URL).toEqual(['http://127.0.0.1:4001', 'http://127.0.0.1:4011']);
    expect(env.PAYMENTS_URL).toEqual(['http://127.0.0.1:4002']);
    expect(env.NOTIFICATIONS_URL).toEqual(['http://127.0.0.1:4004']);
  });

  it('refuses a list with something that is not a URL, naming the variable', () => {
    expect(() => parseEnv(gatewayEnvSchema, { CHECKOUT_URL: 'http://127.0.0.1:4001,localhost-4011' })).toThrow(
      'Invalid environment variable CHECKOUT_URL (got an invalid value): expected an absolute http(s) URL',
    );
    expect(() => parseEnv(gatewayEnvSchema, { PAYMENTS_URL: ' , ' })).toThrow('Invalid environment variable PAYMENTS_URL');
  });
});

describe('spreading requests', () => {
  it('sends requests to each replica in turn', async () => {
    const gateway = await startGateway(gatewayConfig({ checkout: urls('checkout1', 'checkout2'), payments: urls('payments1', 'payments2'), admin: urls('admin1'), notifications: urls('notifications1') }));
    const answeredBy: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${gateway.url}/api/catalogue/availability`);
      answeredBy.push(((await response.json()) as { replica: string }).replica);
    }
    expect(answeredBy.filter((name) => name === 'checkout1')).toHaveLength(3);
    expect(answeredBy.filter((name) => name === 'checkout2')).toHaveLength(3);
    // In turn, not in bursts.
    expect(answeredBy[0]).not.toBe(answeredBy[1]);
  });
});

/**
 * A replica that breaks every connection as soon as a request has fully arrived: the request reached
 * it, and it may or may not have acted on it before dying. It counts what reached it.
 */
async function resettingReplica(): Promise<{ url: string; reached: string[]; close: () => Promise<void> }> {
  const reached: string[] = [];
  const app = express();
  app.use(express.raw({ type: () => true }), (req) => {
    reached.push(`${req.method} ${req.originalUrl} ${(req.body as Buffer | undefined)?.toString() ?? ''}`);
    req.socket.destroy();
  });
  const running = await startApp(app);
  return { url: running.url, reached, close: running.close };
}

describe('retrying on another replica', () => {
  /** The first pick of a fresh gateway is the first URL: the broken replica goes first. */
  async function gatewayWithBrokenFirst(broken: string) {
    return startGateway(gatewayConfig({ checkout: [broken, ...urls('checkout2')], payments: [broken, ...urls('payments2')], admin: urls('admin1'), notifications: urls('notifications1') }));
  }

  it('a request to a replica that refuses connections goes to another, whatever it is, and the refusing one is skipped for a while', async () => {
    const gateway = await gatewayWithBrokenFirst(await deadUrl());
    const response = await fetch(`${gateway.url}/api/complaints`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"about":"jars"}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ replica: 'checkout2', path: '/api/complaints' });
    // Skipped: the next ones go straight to the working replica (no retry needed, none failed).
    for (let i = 0; i < 3; i++) expect(((await (await fetch(`${gateway.url}/api/catalogue/availability`)).json()) as { replica: string }).replica).toBe('checkout2');
  });

  it('a GET and a POST with an Idempotency-Key that reached a replica which then broke the connection are answered by another', async () => {
    const broken = await resettingReplica();
    try {
      const gateway = await gatewayWithBrokenFirst(broken.url);
      const get = await fetch(`${gateway.url}/api/catalogue/availability`);
      expect(get.status).toBe(200);
      expect(((await get.json()) as { replica: string }).replica).toBe('checkout2');

      const keyed = await fetch(`${gateway.url}/api/payment/create-order`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': 'checkout-attempt-1' }, body: '{"cart":[1]}' });
      expect(keyed.status).toBe(200);
      expect(((await keyed.json()) as { replica: string }).replica).toBe('checkout2');
      // Both reached the broken replica first, the POST with its whole body.
      expect(broken.reached).toEqual(['GET /api/catalogue/availability ', 'POST /api/payment/create-order {"cart":[1]}']);
    } finally {
      await broken.close();
    }
  });

  it('a route idempotent by design (verify-payment) is retried too, its body sent again whole', async () => {
    const broken = await resettingReplica();
    const seen: string[] = [];
    const payments = express();
    payments.use(express.raw({ type: () => true }), (req, res) => {
      seen.push((req.body as Buffer).toString());
      res.json({ replica: 'payments-other' });
    });
    const other = await startApp(payments);
    try {
      const gateway = await startGateway(gatewayConfig({ checkout: urls('checkout1'), payments: [broken.url, other.url], admin: urls('admin1'), notifications: urls('notifications1') }));
      const body = JSON.stringify({ razorpay_order_id: 'order_X', padding: 'x'.repeat(5_000) });
      const response = await fetch(`${gateway.url}/api/payment/verify-payment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(200);
      expect(seen).toEqual([body]);
    } finally {
      await Promise.all([broken.close(), other.close()]);
    }
  });

  it('a POST without an Idempotency-Key that reached a replica which broke the connection is not repeated: 502', async () => {
    const broken = await resettingReplica();
    try {
      const gateway = await gatewayWithBrokenFirst(broken.url);
      const response = await fetch(`${gateway.url}/api/complaints`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"about":"jars"}' });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ success: false, error: expect.stringContaining('checkout service is unavailable') });
      expect(broken.reached).toEqual(['POST /api/complaints {"about":"jars"}']);
    } finally {
      await broken.close();
    }
  });

  it('never retries once the replica began answering', async () => {
    let reached = 0;
    await withUpstream(
      (_req, res) => {
        reached++;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"partial":');
        setTimeout(() => res.socket?.destroy(), 20);
      },
      async (halfAnsweringUrl) => {
        const gateway = await gatewayWithBrokenFirst(halfAnsweringUrl);
        await expect(fetch(`${gateway.url}/api/catalogue/availability`).then((response) => response.text())).rejects.toThrow();
        expect(reached).toBe(1);
      },
    );
  });

  it('a replica that answers Connection: close (draining before it stops) gets no new requests for a while', async () => {
    let draining = 0;
    await withUpstream(
      (_req, res) => {
        draining++;
        res.setHeader('connection', 'close');
        res.json({ replica: 'draining' });
      },
      async (drainingReplicaUrl) => {
        const gateway = await gatewayWithBrokenFirst(drainingReplicaUrl);
        const answeredBy: string[] = [];
        for (let i = 0; i < 4; i++) answeredBy.push(((await (await fetch(`${gateway.url}/api/catalogue/availability`)).json()) as { replica: string }).replica);
        // Its answer is still delivered; after it, the other replica takes everything.
        expect(answeredBy).toEqual(['draining', 'checkout2', 'checkout2', 'checkout2']);
        expect(draining).toBe(1);
      },
    );
  });

  it('a body larger than the route allows, sent in chunks, is refused with a 413', async () => {
    const gateway = await startGateway(gatewayConfig({ checkout: urls('checkout1'), payments: urls('payments1'), admin: urls('admin1'), notifications: urls('notifications1') }));
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1_000)));
        controller.close();
      },
    });
    const response = await fetch(`${gateway.url}/api/payment/verify-payment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: chunks, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
  });
});

describe('under load', () => {
  it('more requests at once than the upstream agent has sockets: the queued ones wait their turn and are answered, with their forwarding headers', async () => {
    const AGENT_SOCKETS = 256;
    const seen: Array<string | undefined> = [];
    const held: Array<() => void> = [];
    let released = false;
    await withUpstream(
      (req, res) => {
        seen.push(req.header('x-request-id'));
        const answer = () => void res.json({ ok: true });
        if (released) return answer();
        held.push(answer);
        // Every agent socket is busy: the rest wait in the agent's queue until these are answered.
        if (held.length === AGENT_SOCKETS) {
          released = true;
          for (const each of held) each();
        }
      },
      async (slowUrl) => {
        const gateway = await startGateway(gatewayConfig({ checkout: [slowUrl], payments: urls('payments1'), admin: urls('admin1'), notifications: urls('notifications1') }));
        const answers = await Promise.all(Array.from({ length: AGENT_SOCKETS + 44 }, (_, i) => fetch(`${gateway.url}/api/catalogue/availability`, { headers: { 'x-request-id': `queued-${i}` } }).then((response) => response.status)));
        expect(answers.filter((status) => status === 200)).toHaveLength(AGENT_SOCKETS + 44);
        expect(new Set(seen).size).toBe(AGENT_SOCKETS + 44);
      },
    );
  });
});

describe('health over replicas', () => {
  it('a service is ok while at least one of its replicas is ready', async () => {
    const gateway = await startGateway(
      gatewayConfig({ checkout: [...urls('checkout1'), await deadUrl()], payments: urls('payments1', 'payments2'), admin: urls('admin1'), notifications: urls('notifications1', 'notifications2') }),
    );
    replicas.payments2.ready = false;
    const response = await fetch(`${gateway.url}/api/health`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      success: true,
      status: 'ok',
      failing: [],
      services: { checkout: { status: 'ok' }, payments: { status: 'ok' }, 'admin-orders': { status: 'ok' }, notifications: { status: 'ok' } },
      dependencies: { postgres: 'ok', redis: 'ok' },
    });
  });

  it('a service fails when none of its replicas is ready', async () => {
    const gateway = await startGateway(
      gatewayConfig({ checkout: urls('checkout1', 'checkout2'), payments: urls('payments1'), admin: urls('admin1'), notifications: [...urls('notifications1'), await deadUrl()] }),
    );
    replicas.notifications1.ready = false;
    const response = await fetch(`${gateway.url}/api/health`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { failing: string[]; services: Record<string, unknown> };
    expect(body.failing).toEqual(['notifications']);
    expect(body.services.notifications).toEqual({ status: 'fail' });
  });
});

describe('ReplicaPool', () => {
  it('skips a replica it was told to avoid until the while is over, and tries it when nothing else is left', () => {
    let now = 0;
    const pool = new ReplicaPool(['a', 'b', 'c'], 1_000, () => now);
    pool.avoid('b');
    expect([pool.pick(), pool.pick(), pool.pick(), pool.pick()]).toEqual(['a', 'c', 'c', 'a']);
    expect(pool.pick(['a', 'c'])).toBe('b');
    expect(pool.pick(['a', 'b', 'c'])).toBeUndefined();
    now = 1_001;
    expect(new Set([pool.pick(), pool.pick(), pool.pick()])).toEqual(new Set(['a', 'b', 'c']));
  });
});
