import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DEFAULT_OUTBOX_CLAIM_MS, listenForOutboxCommits, relayOutboxBatch, type Db, type OutboxListener } from '@pickles/db';
import { NOTIFICATION_JOB_OPTIONS, QUEUES, type EventEnvelope } from '@pickles/shared';

export interface OutboxRelay {
  nudge: () => void;
  /** Runs one pass now; resolves with what it published. */
  runOnce: () => Promise<{ published: number; failed: number }>;
  stop: () => Promise<void>;
}

/** Rows claimed and published per round trip (one claim, one addBulk, one mark). */
const BATCH_SIZE = 100;

/**
 * Publishes outbox rows to the consumers' BullMQ queues. The job id is the event id, so a row
 * published twice (the relay died between adding the job and marking the row) is still one job.
 * It wakes the moment any service commits an event (LISTEN on `databaseUrl`, migration 011's
 * NOTIFY), when this process nudges it, and every `pollMs` as a safety net (a retry whose backoff
 * ran out, a claim whose relay died, a notification missed while the listener reconnected).
 */
export function startOutboxRelay({
  db,
  databaseUrl,
  connection,
  prefix,
  logger,
  pollMs,
  publishTimeoutMs = 5_000,
}: {
  publishTimeoutMs?: number;
  db: Db;
  /** Where to LISTEN for commits; without it the relay polls and is nudged only (tests that drive it by hand). */
  databaseUrl?: string;
  connection: Redis;
  prefix: string;
  logger: Logger;
  pollMs: number;
}): OutboxRelay {
  const queue = new Queue(QUEUES.notifications, { connection, prefix });
  queue.on('error', () => {});
  // No transaction or connection is held while this waits for Redis (relayOutboxBatch), but a batch
  // stays claimed until it ends: give up after a few seconds and let the rows' backoff retry them. If
  // the add completes late after all, the retry repeats the job ids and BullMQ ignores them.
  const publish = async (envelopes: EventEnvelope[]) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        queue.addBulk(envelopes.map((envelope) => ({ name: envelope.type, data: envelope, opts: { ...NOTIFICATION_JOB_OPTIONS, jobId: envelope.id } }))),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`queue.addBulk timed out after ${publishTimeoutMs} ms (Redis unreachable?)`)), publishTimeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
  const leaseMs = Math.max(DEFAULT_OUTBOX_CLAIM_MS, publishTimeoutMs * 2);

  let stopped = false;
  let running: Promise<{ published: number; failed: number }> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const runOnce = async () => {
    if (stopped) return { published: 0, failed: 0 };
    if (running) {
      // A commit during a pass: one more pass after it, however many commits (they batch up).
      again = true;
      return running;
    }
    running = (async () => {
      const total = { published: 0, failed: 0 };
      try {
        do {
          again = false;
          const result = await relayOutboxBatch(db, publish, { limit: BATCH_SIZE, leaseMs });
          total.published += result.published;
          total.failed += result.failed;
          if (result.published === BATCH_SIZE) again = true;
        } while (again && !stopped);
        if (total.published || total.failed) logger.info(total, 'outbox relayed');
      } catch (error) {
        logger.warn({ err: error }, 'outbox relay pass failed; will retry');
      }
      return total;
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await runOnce();
      schedule();
    }, pollMs);
  };
  schedule();

  const listener: OutboxListener | undefined = databaseUrl
    ? listenForOutboxCommits({
        connectionString: databaseUrl,
        applicationName: 'outbox-relay-listener',
        onCommit: () => void runOnce(),
        onListening: () => void runOnce(),
        onError: (error) => logger.warn({ err: error }, 'outbox listener lost its database connection; listening again shortly (polling meanwhile)'),
      })
    : undefined;

  return {
    nudge: () => void runOnce(),
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await listener?.close();
      await running;
      // Closing waits for Redis; do not let an outage hold up shutdown.
      await Promise.race([queue.close(), new Promise((resolve) => setTimeout(resolve, publishTimeoutMs).unref())]);
    },
  };
}
