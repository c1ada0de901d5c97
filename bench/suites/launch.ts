import path from 'node:path';
import pg from 'pg';
import { figure, type Recorder } from '../lib/report.js';
import { startReplicaStack, type ReplicaStack } from '../lib/replica-stack.js';
import { rollingRestart } from '../lib/rolling-restart.js';
import { shop, ShopperLog, type Step } from '../lib/shoppers.js';
import { OUT_DIR, offsetPorts } from '../lib/stack.js';
import { cpuMsPerRequest, readCpu } from '../lib/cpu.js';
import { median, round, sleep } from '../lib/stats.js';

/**
 * This suite's own shop, two replicas of every service, beside the bench stack (3200/42xx): replica
 * 2 of each service listens 10 above the first.
 */
export const LAUNCH_PORTS = offsetPorts({ gateway: 5100, checkout: 5101, payments: 5102, adminOrders: 5103, notifications: 5104, sandbox: 5120, mailHttp: 5121, mailSmtp: 5122 });

/** The purchase steps the launch measures (the sandbox's payment is the shopper's, not the shop's). */
const LAUNCH_STEPS: Step[] = ['create-order', 'pay', 'verify'];

/**
 * For the orders made since `since`: how many are paid (by the shopper's verify or by Razorpay's
 * webhook alone), how many confirmation e-mails went out (SMTP accepted), and when the last one went.
 */
async function confirmationProgress(db: pg.Client, since: Date): Promise<{ paid: number; sent: number; lastAt: Date | null }> {
  const { rows } = await db.query<{ paid: string; sent: string; last_at: Date | null }>(
    `select count(*) filter (where o.payment_status = 'paid') as paid, count(s.id) as sent, max(s.sent_at) as last_at
       from orders o left join sent_emails s on s.order_id = o.id and s.kind = 'order-confirmation' and s.state = 'sent'
      where o.created_at >= $1`,
    [since],
  );
  return { paid: Number(rows[0]!.paid), sent: Number(rows[0]!.sent), lastAt: rows[0]!.last_at };
}

/** `count` shoppers one after another on the idle shop: each step's p95 without any rush. */
async function calmShoppers(stack: ReplicaStack, count: number): Promise<ShopperLog> {
  const log = new ShopperLog();
  for (let i = 0; i < count; i++) await shop({ origin: stack.origin, sandboxUrl: stack.sandboxUrl, shopper: 900_000 + i, log, track: false });
  if (log.failures.length) throw new Error(`a calm shopper failed: ${JSON.stringify(log.failures[0])}`);
  return log;
}

/**
 * `perSecond` new shoppers every second for `seconds` (an open loop: they arrive whether or not the
 * shop keeps up), each creating an order, paying in the sandbox and verifying, through the gateway.
 */
export async function launchRush(stack: ReplicaStack, { perSecond, seconds }: { perSecond: number; seconds: number }) {
  const log = new ShopperLog();
  const journeys: Promise<void>[] = [];
  const started = performance.now();
  let shopper = 0;
  while (shopper < perSecond * seconds) {
    const due = Math.min(perSecond * seconds, Math.floor(((performance.now() - started) / 1000) * perSecond));
    while (shopper < due) journeys.push(shop({ origin: stack.origin, sandboxUrl: stack.sandboxUrl, shopper: shopper++, log, track: false }));
    await sleep(20);
  }
  const arrivalSeconds = (performance.now() - started) / 1000;
  await Promise.all(journeys);
  return { log, arrivalSeconds, shoppers: shopper };
}

/**
 * Two replicas of every service. (a) A rolling restart under load: shoppers buy without pause while
 * the replicas are restarted as a release rolls out (SIGTERM, drain, start; replica 1 of every
 * service together, then replica 2); failed shopper requests (goal 0) beside all their requests. (b) The launch: 100 shoppers a second for 60 s (create order,
 * pay in the sandbox, verify), 0 errors, each step's p95 beside the same step for one shopper at a
 * time on the idle shop, and when the last confirmation e-mail went out beside the rush's length.
 */
export async function launchSuite(rec: Recorder, opts: { perSecond: number; seconds: number; restartShoppers: number }): Promise<void> {
  const stack = await startReplicaStack({ ports: LAUNCH_PORTS, replicas: 2, logFile: path.join(OUT_DIR, 'launch-stack.log') });
  const db = new pg.Client({ connectionString: stack.database.url });
  await db.connect();
  try {
    const rolling = await rollingRestart(stack, { shoppers: opts.restartShoppers, order: 'per-service' });
    const { log } = rolling;
    rec.add(
      figure('rolling restart: failed shopper requests', log.failures.length, 'requests', { name: 'shopper requests during the restarts', value: log.requests, unit: 'requests' }, 'lower', `target: 0; ${rolling.restarts.length} replicas restarted as a release rolls out (replica 1 of every service together, then replica 2) in ${round(rolling.seconds)} s, ${opts.restartShoppers} shoppers buying throughout`),
    );
    rec.detail('rollingRestart', {
      seconds: round(rolling.seconds),
      paidOrders: log.paid.length,
      createOrderRetriesByClient: log.createOrderRetries,
      failures: log.failures.slice(0, 20),
      confirmations: { missing: rolling.confirmations.missing.length, duplicated: rolling.confirmations.duplicated.length, notPaid: rolling.confirmations.notPaid.length },
      restartMs: Object.fromEntries(rolling.restarts.map((restart) => [restart.name, Math.round(restart.ms)])),
      p95Ms: Object.fromEntries(Object.keys(log.durations).map((step) => [step, round(log.p95(step as Step))])),
    });
    // The restarts' orders e-mailed before the launch begins.
    await sleep(2_000);

    const calm = await calmShoppers(stack, 20);
    const launchStarted = new Date();
    const cpuBefore = await readCpu(stack.redisPrefix, stack.database.url);
    const rush = await launchRush(stack, opts);
    const paid = rush.log.paid.length;
    rec.add(
      figure('launch: failed shopper requests', rush.log.failures.length, 'requests', { name: 'shopper requests in the launch', value: rush.log.requests, unit: 'requests' }, 'lower', `target: 0; ${rush.shoppers} shoppers arrived in ${round(rush.arrivalSeconds)} s (${opts.perSecond}/s for ${opts.seconds} s), ${paid} paid`),
    );
    for (const step of LAUNCH_STEPS) {
      rec.add(figure(`launch: ${step} p95`, rush.log.p95(step), 'ms', { name: `${step} p95, one shopper at a time on the idle shop`, value: calm.p95(step), unit: 'ms' }, 'lower'));
    }
    // The last confirmation of the launch's paid orders (webhooks pay some whose verify failed), from
    // the first shopper's arrival: once every paid order is confirmed and that holds for a few seconds.
    const deadline = Date.now() + 300_000;
    let progress = await confirmationProgress(db, launchStarted);
    let settledPolls = 0;
    while (settledPolls < 6 && Date.now() < deadline) {
      await sleep(500);
      progress = await confirmationProgress(db, launchStarted);
      settledPolls = progress.sent >= progress.paid ? settledPolls + 1 : 0;
    }
    const lastSeconds = progress.lastAt ? (progress.lastAt.getTime() - launchStarted.getTime()) / 1000 : Number.NaN;
    // Every shopper's whole cost, e-mails and Razorpay's webhooks included, by process (both replicas).
    const cpuPerShopper = cpuMsPerRequest(cpuBefore, await readCpu(stack.redisPrefix, stack.database.url), rush.shoppers);
    rec.add(
      figure('launch: last confirmation e-mail sent, from the first arrival', lastSeconds, 's', { name: 'the rush of arrivals', value: rush.arrivalSeconds, unit: 's' }, 'lower', `${progress.sent} of ${progress.paid} paid orders confirmed (sent_emails, SMTP accepted); ${paid} of them verified by their shopper`),
    );
    rec.detail('launch', {
      shoppers: rush.shoppers,
      paidOrders: paid,
      paidInDatabase: progress.paid,
      confirmed: progress.sent,
      createOrderRetriesByClient: rush.log.createOrderRetries,
      failures: rush.log.failures.slice(0, 20),
      failuresByStep: Object.fromEntries(LAUNCH_STEPS.map((step) => [step, rush.log.failures.filter((failure) => failure.step === step).length])),
      p50Ms: Object.fromEntries(LAUNCH_STEPS.map((step) => [step, round(median(rush.log.durations[step]))])),
      cpuMsPerShopper: cpuPerShopper,
    });
    console.log(`  CPU ms per shopper: ${JSON.stringify(cpuPerShopper)}`);
  } finally {
    await db.end();
    await stack.stop();
  }
}
