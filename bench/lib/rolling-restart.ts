import pg from 'pg';
import type { ReplicaStack } from './replica-stack.js';
import { shop, ShopperLog, type PaidOrder } from './shoppers.js';
import { sleep } from './stats.js';

export interface ConfirmationCheck {
  /** Paid orders whose confirmation e-mail never arrived. */
  missing: string[];
  /** Paid orders confirmed more than once. */
  duplicated: string[];
  /** Paid orders the database does not show as paid. */
  notPaid: string[];
}

export interface RollingRestartResult {
  log: ShopperLog;
  /** Each replica's restart: SIGTERM to ready again. */
  restarts: Array<{ name: string; ms: number }>;
  seconds: number;
  confirmations: ConfirmationCheck;
}

/**
 * The confirmation e-mails the mail catcher receives, gathered while the shoppers buy: it keeps only
 * its newest 2,000 messages, so they are read every POLL_MS and kept by message id.
 */
class ConfirmationCollector {
  private static readonly POLL_MS = 2_000;
  /** Message id -> subject. */
  private readonly seen = new Map<string, string>();
  private readonly timer: NodeJS.Timeout;
  private polling: Promise<void> = Promise.resolve();

  constructor(private readonly mailUrl: string) {
    this.timer = setInterval(() => void this.poll(), ConfirmationCollector.POLL_MS);
  }

  poll(): Promise<void> {
    this.polling = this.polling.then(async () => {
      const response = await fetch(`${this.mailUrl}/api/messages?subject=${encodeURIComponent('is confirmed')}`).catch(() => undefined);
      if (!response?.ok) return;
      const { messages } = (await response.json()) as { messages: Array<{ id: string; subject: string }> };
      for (const message of messages) this.seen.set(message.id, message.subject);
    });
    return this.polling;
  }

  /** How many confirmations each order number got (the subject names it). */
  async perOrder(orderNumbers: readonly string[]): Promise<Map<string, number>> {
    await this.poll();
    const wanted = new Set(orderNumbers);
    const counts = new Map<string, number>();
    for (const subject of this.seen.values()) {
      const orderNumber = subject.split(' ').find((word) => wanted.has(word));
      if (orderNumber) counts.set(orderNumber, (counts.get(orderNumber) ?? 0) + 1);
    }
    return counts;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/**
 * Waits until every paid order has its confirmation e-mail (or `timeoutMs` passes), looks once more
 * a moment later so a late duplicate is seen too, and asks the database whether each order is paid.
 */
async function checkConfirmations(stack: ReplicaStack, collector: ConfirmationCollector, paid: readonly PaidOrder[], timeoutMs: number): Promise<ConfirmationCheck> {
  const orderNumbers = paid.map((order) => order.orderNumber);
  const deadline = Date.now() + timeoutMs;
  let perOrder = await collector.perOrder(orderNumbers);
  while (perOrder.size < orderNumbers.length && Date.now() < deadline) {
    await sleep(500);
    perOrder = await collector.perOrder(orderNumbers);
  }
  await sleep(1_000);
  perOrder = await collector.perOrder(orderNumbers);
  const db = new pg.Client({ connectionString: stack.database.url });
  await db.connect();
  try {
    const { rows } = await db.query<{ order_number: string }>(`select order_number from orders where order_number = any($1) and payment_status = 'paid'`, [orderNumbers]);
    const paidInDb = new Set(rows.map((row) => row.order_number));
    return {
      missing: orderNumbers.filter((orderNumber) => !perOrder.has(orderNumber)),
      duplicated: orderNumbers.filter((orderNumber) => (perOrder.get(orderNumber) ?? 0) > 1),
      notPaid: orderNumbers.filter((orderNumber) => !paidInDb.has(orderNumber)),
    };
  } finally {
    await db.end();
  }
}

/**
 * How the replicas are restarted: `one-by-one`, every replica in turn, each ready again before the
 * next; or `per-service`, as a release rolls out when every Deployment is updated at once (k8s/: one
 * pod at a time per Deployment): the first replica of every service together, then the second, so
 * each service always keeps one replica serving.
 */
export type RestartOrder = 'one-by-one' | 'per-service';

/** The waves of replicas restarted together, in order. */
function restartWaves(serviceReplicas: readonly string[], order: RestartOrder): string[][] {
  if (order === 'one-by-one') return serviceReplicas.map((name) => [name]);
  // Replica names are the service's (replica 1) or the service's with -k (replica k).
  const replicaOf = (name: string) => Number(/-(\d+)$/.exec(name)?.[1] ?? 1);
  const waves = new Map<number, string[]>();
  for (const name of serviceReplicas) waves.set(replicaOf(name), [...(waves.get(replicaOf(name)) ?? []), name]);
  return [...waves.keys()].sort((a, b) => a - b).map((replica) => waves.get(replica)!);
}

/**
 * `shoppers` shoppers shop without pause through the gateway (shoppers.ts: availability, create
 * order, pay in the sandbox, verify, track) while every service replica is restarted (`order`), each
 * wave ready again before the next; then every paid order's confirmation is checked.
 */
export async function rollingRestart(
  stack: ReplicaStack,
  { shoppers, pauseMs = 1_000, order = 'one-by-one' }: { shoppers: number; pauseMs?: number; order?: RestartOrder },
): Promise<RollingRestartResult> {
  const log = new ShopperLog();
  const collector = new ConfirmationCollector(stack.mailUrl);
  const started = performance.now();
  let running = true;
  let nextShopper = 0;
  const loops = Array.from({ length: shoppers }, async () => {
    while (running) await shop({ origin: stack.origin, sandboxUrl: stack.sandboxUrl, shopper: ++nextShopper, log });
  });
  const restarts: RollingRestartResult['restarts'] = [];
  try {
    try {
      // Load before the first restart and between restarts: the gateway spreads over every replica again.
      await sleep(pauseMs);
      for (const wave of restartWaves(stack.serviceReplicas, order)) {
        await Promise.all(
          wave.map(async (name) => {
            const restartStarted = performance.now();
            await stack.restart(name);
            restarts.push({ name, ms: performance.now() - restartStarted });
          }),
        );
        await sleep(pauseMs);
      }
    } finally {
      running = false;
      await Promise.all(loops);
    }
    const seconds = (performance.now() - started) / 1000;
    const confirmations = await checkConfirmations(stack, collector, log.paid, 60_000);
    return { log, restarts, seconds, confirmations };
  } finally {
    collector.stop();
  }
}
