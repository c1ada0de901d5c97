import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { relayOutboxBatch, type Db } from '@pickles/db';
import { QUEUES, type EventEnvelope } from '@pickles/shared';
import { notificationJobOptions } from './job-options.js';

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
}: {
  db: Db;
  connection: Redis;
  prefix: string;
  logger: Logger;
  pollMs: number;
}): OutboxRelay {
  const queue = new Queue(QUEUES.notifications, { connection, prefix });
  queue.on('error', () => {});
  const publish = async (envelope: EventEnvelope) => {
    await queue.add(envelope.type, envelope, { ...notificationJobOptions, jobId: envelope.id });
  };

  let stopped = false;
  let running: Promise<{ published: number; failed: number }> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const runOnce = async () => {
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
      await queue.close();
    },
  };
}
