import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { relayOutboxBatch, type Db } from '@pickles/db';
import { NOTIFICATION_JOB_OPTIONS, QUEUES, type EventEnvelope } from '@pickles/shared';

export interface OutboxRelay {
  nudge: () => void;
  /** Runs one pass now; resolves with what it published. */
  runOnce: () => Promise<{ published: number; failed: number }>;
  stop: () => Promise<void>;
}

/**
 * Publishes outbox rows to the consumers' BullMQ queues. The job id is the event id, so a row
 * published twice (the relay died between adding the job and marking the row) is still one job.
 */
export function startOutboxRelay({
  db,
  connection,
  prefix,
  logger,
  pollMs,
  publishTimeoutMs = 5_000,
}: {
  publishTimeoutMs?: number;
  db: Db;
  connection: Redis;
  prefix: string;
  logger: Logger;
  pollMs: number;
}): OutboxRelay {
  const queue = new Queue(QUEUES.notifications, { connection, prefix });
  queue.on('error', () => {});
  // With Redis down, BullMQ would wait for it forever while the relay holds its outbox row locks;
  // give up after a few seconds instead and let the row's backoff retry it. If the add completes
  // late after all, the retry is the same job id and BullMQ ignores it.
  const publish = async (envelope: EventEnvelope) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        queue.add(envelope.type, envelope, { ...NOTIFICATION_JOB_OPTIONS, jobId: envelope.id }),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`queue.add timed out after ${publishTimeoutMs} ms (Redis unreachable?)`)), publishTimeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };

  let stopped = false;
  let running: Promise<{ published: number; failed: number }> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const runOnce = async () => {
    if (stopped) return { published: 0, failed: 0 };
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      const total = { published: 0, failed: 0 };
      try {
        do {
          again = false;
          const result = await relayOutboxBatch(db, publish);
          total.published += result.published;
          total.failed += result.failed;
          if (result.published === 100) again = true;
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

  return {
    nudge: () => void runOnce(),
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      // Closing waits for Redis; do not let an outage hold up shutdown.
      await Promise.race([queue.close(), new Promise((resolve) => setTimeout(resolve, publishTimeoutMs).unref())]);
    },
  };
}
