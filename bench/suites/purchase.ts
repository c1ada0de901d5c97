import pg from 'pg';
import { figure, type Recorder } from '../lib/report.js';
import { load, type LoadResult } from '../lib/load.js';
import { insertBaseline } from '../lib/pg-baseline.js';
import { capturedWebhook, idempotencyKey, orderPayload, sandboxPay, setKnobs, type SandboxPayment } from '../lib/shop.js';
import { mapLimit, median } from '../lib/stats.js';
import { withCpu } from '../lib/cpu.js';
import type { BenchStack } from '../lib/stack.js';

/** Seconds of create-order before the measured run (not counted). */
const WARM_UP_SECONDS = 4;

/** `checkout 2.4, postgres 1.5, ...`: the biggest parts of a CPU-per-request reading. */
const cpuSummary = (cpu: Record<string, number>) =>
  Object.entries(cpu)
    .filter(([part]) => part !== 'total')
    .slice(0, 4)
    .map(([part, ms]) => `${part} ${ms}`)
    .join(', ');

interface Created {
  orderId: string;
  razorpayOrderId: string;
}

/** The trivial route of the same gateway and service stack: a pincode answered from memory by checkout. */
const TRIVIAL_PATH = '/api/pincodes/560038';

/**
 * The purchase path through the gateway against the sandbox: create-order for `seconds`, then
 * verify-payment for orders the sandbox captured, then a burst of signed payment.captured webhooks
 * for other captured orders. Baselines: create-order and verify-payment against a trivial route
 * through the same gateway (GET a pincode, answered from memory), with the same connections,
 * measured half before and half after them; the webhooks against single-row INSERTs from Node.
 */
export async function purchaseSuite(stack: BenchStack, rec: Recorder, opts: { seconds: number; connections: number; maxPaid: number }): Promise<void> {
  const sandboxUrl = `http://127.0.0.1:${stack.ports.sandbox}`;
  // The sandbox would otherwise post its own webhooks for every captured payment during the runs.
  await setKnobs(sandboxUrl, { withholdWebhooks: true });
  const trivial = (duration: number) => load({ url: `${stack.origin}${TRIVIAL_PATH}`, connections: opts.connections, duration });
  const served = (run: LoadResult) => run.ok + run.non2xx;
  await trivial(1);
  const trivialBefore = await withCpu(stack, served, () => trivial(Math.max(1, Math.round(opts.seconds / 2))));
  const created: Created[] = [];
  let n = 1_000_000;
  // Every figure is of warm processes, as a shop that has been up for a while runs: the first
  // seconds of a new code path are spent compiling it (V8 tiers up), at about twice the CPU.
  const createOrders = (duration: number) =>
    load({
      url: stack.origin,
      connections: opts.connections,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/api/payment/create-order',
          setupRequest: (request: Record<string, unknown>) => {
            const shopper = n++;
            return { ...request, headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey(shopper) }, body: JSON.stringify(orderPayload(shopper)) };
          },
          onResponse: (status: number, body: string) => {
            if (status !== 201) return;
            const parsed = JSON.parse(body) as Created;
            created.push({ orderId: parsed.orderId, razorpayOrderId: parsed.razorpayOrderId });
          },
        },
      ],
    });
  await createOrders(WARM_UP_SECONDS);
  const { result: createRun, cpuMs: createCpu } = await withCpu(stack, served, () => createOrders(opts.seconds));
  if (!created.length) throw new Error(`create-order made no orders (${createRun.non2xx} non-2xx, ${createRun.errors} errors)`);

  // Captured payments for some of the new orders (set-up, not measured): two thirds verified by the
  // browser path, one third told by webhooks only.
  const paidCount = Math.min(created.length, opts.maxPaid);
  const paidStarted = performance.now();
  const payments = (await mapLimit(created.slice(0, paidCount), 16, (order) => sandboxPay(sandboxUrl, order.razorpayOrderId).catch(() => undefined))).filter(
    (p): p is SandboxPayment => Boolean(p),
  );
  const setupSeconds = (performance.now() - paidStarted) / 1000;
  const verifyAll = payments.slice(0, Math.ceil((payments.length * 2) / 3));
  const webhookList = payments.slice(verifyAll.length);
  // The first fifth warms the verify path up; the rest is measured.
  const verifyWarmUp = verifyAll.slice(0, Math.floor(verifyAll.length / 5));
  const verifyList = verifyAll.slice(verifyWarmUp.length);

  /** POSTs each item of `list` to `path` once (autocannon stops after `amount`), as `asRequest` makes it. */
  const postEach = <T>(list: T[], path: string, connections: number, asRequest: (item: T) => { headers: Record<string, string>; body: string }) => {
    let next = 0;
    return load({
      url: stack.origin,
      connections,
      amount: list.length,
      requests: [{ method: 'POST', path, setupRequest: (request: Record<string, unknown>) => ({ ...request, ...asRequest(list[next++ % list.length]!) }) }],
    });
  };
  const verify = (list: SandboxPayment[]) =>
    postEach(list, '/api/payment/verify-payment', opts.connections, (p) => ({
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ razorpay_order_id: p.razorpay_order_id, razorpay_payment_id: p.razorpay_payment_id, razorpay_signature: p.razorpay_signature }),
    }));
  if (verifyWarmUp.length) await verify(verifyWarmUp);
  const { result: verifyRun, cpuMs: verifyCpu } = await withCpu(stack, served, () => verify(verifyList));

  const hooks = webhookList.map((p) => capturedWebhook(p.payment));
  let webhookRun: LoadResult | undefined;
  let webhookCpu: Record<string, number> | undefined;
  if (hooks.length) {
    const deliver = () => postEach(hooks, '/api/payment/webhook', opts.connections * 2, (hook) => ({ headers: hook.headers, body: hook.body }));
    ({ result: webhookRun, cpuMs: webhookCpu } = await withCpu(stack, served, deliver));
  }

  // Did every verified or webhooked order end up paid? (correctness under load, not speed)
  const client = new pg.Client({ connectionString: stack.database.url });
  await client.connect();
  const paidInDb = await client
    .query<{ n: number }>(`select count(*)::int as n from orders where payment_status = 'paid' and razorpay_order_id = any($1)`, [payments.map((p) => p.razorpay_order_id)])
    .then(({ rows }) => rows[0]?.n ?? 0)
    .finally(() => client.end());

  const { result: trivialAfter, cpuMs: trivialCpu } = await withCpu(stack, served, () => trivial(Math.max(1, Math.round(opts.seconds / 2))));
  if (trivialBefore.result.non2xx + trivialAfter.non2xx + trivialBefore.result.errors + trivialAfter.errors) throw new Error(`the trivial route ${TRIVIAL_PATH} failed under load`);
  const simple = {
    rps: (trivialBefore.result.requestsPerSecond + trivialAfter.requestsPerSecond) / 2,
    p50: (trivialBefore.result.p50 + trivialAfter.p50) / 2,
    p99: Math.max(trivialBefore.result.p99, trivialAfter.p99),
  };
  const via = (what: string, value: number, unit: string) => ({ name: `trivial route through the same gateway (GET ${TRIVIAL_PATH}) ${what}`, value, unit });
  const baseline = await insertBaseline(stack.database.url, opts.connections, opts.seconds);
  const ins = (what: string, value: number, unit: string) => ({ name: `PostgreSQL single-row INSERT ${what} (${opts.connections} clients)`, value, unit });
  rec.add(figure('create-order orders/s', createRun.okPerSecond, 'orders/s', via('req/s', simple.rps, 'req/s'), 'higher', `target: >= 0.5x; CPU per order ${createCpu.total} ms (${cpuSummary(createCpu)}) against ${trivialCpu.total} ms per trivial request`));
  rec.add(figure('create-order p50', createRun.p50, 'ms', via('p50', simple.p50, 'ms'), 'lower'));
  rec.add(figure('create-order p99', createRun.p99, 'ms', via('p99', simple.p99, 'ms'), 'lower'));
  rec.add(figure('verify-payment payments/s', verifyRun.okPerSecond, 'payments/s', via('req/s', simple.rps, 'req/s'), 'higher', `target: >= 0.5x; CPU per payment ${verifyCpu.total} ms, e-mails included (${cpuSummary(verifyCpu)})`));
  rec.add(figure('verify-payment p50', verifyRun.p50, 'ms', via('p50', simple.p50, 'ms'), 'lower'));
  rec.add(figure('verify-payment p99', verifyRun.p99, 'ms', via('p99', simple.p99, 'ms'), 'lower'));
  if (webhookRun) {
    rec.add(figure('webhook burst events/s', webhookRun.okPerSecond, 'events/s', ins('rows/s', baseline.insertsPerSecond, 'rows/s'), 'higher'));
    rec.add(figure('webhook burst p50', webhookRun.p50, 'ms', ins('p50', baseline.p50, 'ms'), 'lower'));
    rec.add(figure('webhook burst p99', webhookRun.p99, 'ms', ins('p99', baseline.p99, 'ms'), 'lower'));
  }
  // A hostile 32 KB e-mail (the pattern that once took about a second) against an ordinary refusal.
  const refusal = async (email: string) => {
    const body = JSON.stringify({ ...orderPayload(1), customerInfo: { ...orderPayload(1).customerInfo, email } });
    const times: number[] = [];
    for (let i = 0; i < 21; i++) {
      const started = performance.now();
      const response = await fetch(`${stack.origin}/api/payment/create-order`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `hostile-${i}-${email.length}` }, body });
      await response.text();
      if (response.status !== 400) throw new Error(`a bad e-mail answered ${response.status}`);
      times.push(performance.now() - started);
    }
    return median(times);
  };
  const hostile = await refusal(`a${'@a.'.repeat(10_600)}`);
  const ordinary = await refusal('not-an-e-mail');
  rec.add(figure('32 KB hostile e-mail refused, median', hostile, 'ms', { name: 'an ordinary invalid e-mail refused, median', value: ordinary, unit: 'ms' }, 'lower', 'target: under 50 ms'));
  const errors = (r: LoadResult | undefined) => (r ? { non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts, ok: r.ok } : undefined);
  rec.detail('errors', { createOrder: errors(createRun), verifyPayment: errors(verifyRun), webhooks: errors(webhookRun) });
  rec.detail('counts', { ordersCreated: created.length, sandboxPayments: payments.length, verified: verifyList.length, webhooked: webhookList.length, paidInDatabase: paidInDb, sandboxSetupSeconds: setupSeconds });
  rec.detail('runs', { createOrder: createRun, verifyPayment: verifyRun, webhooks: webhookRun, trivialRoute: [trivialBefore.result, trivialAfter], insertBaseline: baseline });
  // Where each request's CPU went (ms per request, by process: Linux /proc), the figures' why.
  rec.detail('cpuMsPerRequest', { trivialRoute: { before: trivialBefore.cpuMs, after: trivialCpu }, createOrder: createCpu, verifyPayment: verifyCpu, webhooks: webhookCpu });
  rec.detail('warmUp', { createOrderSeconds: WARM_UP_SECONDS, verifyPayments: verifyWarmUp.length });
  console.log(`  CPU ms per request: trivial ${trivialCpu.total}, create-order ${createCpu.total}, verify ${verifyCpu.total}${webhookCpu ? `, webhook ${webhookCpu.total}` : ''}`);
  rec.detail('connections', { createOrder: opts.connections, verifyPayment: opts.connections, webhooks: opts.connections * 2, trivialRoute: opts.connections, insertBaseline: opts.connections });
  console.log(`  errors: create ${createRun.non2xx + createRun.errors}, verify ${verifyRun.non2xx + verifyRun.errors}, webhooks ${webhookRun ? webhookRun.non2xx + webhookRun.errors : 0}; paid in DB ${paidInDb}/${payments.length}`);
}
