import { Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { backoffDelay, BATCH_OPENED, BATCH_SUBSCRIPTION_REQUESTED, COMPLAINT_UPDATED, ORDER_CHANGED, PAYMENT_ATTENTION_RAISED, PAYMENT_VERIFIED, QUEUES, currentEventType, type EventEnvelope } from '@pickles/shared';
import { processPaymentVerified, type NotificationDeps } from './events/process-payment-verified.js';
import { processPaymentAttentionRaised } from './events/process-payment-attention-raised.js';
import { processOrderChanged } from './events/process-order-changed.js';
import { processComplaintUpdated } from './events/process-complaint-updated.js';
import { processBatchOpened, processBatchSubscriptionRequested } from './events/process-batch-subscriptions.js';
import { queueJobFailures } from './metrics.js';

/** What the worker does with each event type it consumes. */
const HANDLERS: Record<string, (envelope: EventEnvelope, deps: NotificationDeps) => Promise<unknown>> = {
  [PAYMENT_VERIFIED]: processPaymentVerified,
  [PAYMENT_ATTENTION_RAISED]: processPaymentAttentionRaised,
  [ORDER_CHANGED]: processOrderChanged,
  [COMPLAINT_UPDATED]: processComplaintUpdated,
  [BATCH_SUBSCRIPTION_REQUESTED]: processBatchSubscriptionRequested,
  [BATCH_OPENED]: processBatchOpened,
};

/** The order an event is about, for its log lines (events carry ids, never personal data). */
function orderOf(envelope: EventEnvelope | undefined): { orderId?: string; orderNumber?: string } {
  const data = envelope?.data as { orderId?: unknown; orderNumber?: unknown } | undefined;
  return {
    ...(typeof data?.orderId === 'string' && { orderId: data.orderId }),
    ...(typeof data?.orderNumber === 'string' && { orderNumber: data.orderNumber }),
  };
}

/** The notifications queue's consumer. Job name = event type, job id = event id. */
export function createNotificationsWorker({
  connection,
  prefix,
  concurrency,
  retryBaseMs,
  retryMaxMs,
  lockMs = 6_000,
  deps,
}: {
  connection: Redis;
  prefix: string;
  concurrency: number;
  retryBaseMs: number;
  /** Longest wait between attempts (default 5 minutes). */
  retryMaxMs?: number;
  lockMs?: number;
  deps: NotificationDeps;
}): Worker {
  const worker = new Worker(
    QUEUES.notifications,
    async (job: Job<EventEnvelope>) => {
      const handle = HANDLERS[currentEventType(job.name)];
      if (!handle) {
        deps.logger.warn({ jobName: job.name, eventId: job.id }, 'ignoring an event this worker does not handle');
        return { ignored: true };
      }
      return handle(job.data, deps);
    },
    {
      connection,
      prefix,
      concurrency,
      lockDuration: lockMs,
      // A job whose worker died comes back once its lock runs out: looked for twice per lock period,
      // so a crash mid-send is retried within about 1.5 locks (9 s by default), not minutes later.
      stalledInterval: Math.max(1_000, Math.floor(lockMs / 2)),
      // A job is never failed for stalling: a worker that dies several times (database blips, a
      // failover) must not lose a paid order's confirmation. sendOnce keeps the retries from sending twice.
      maxStalledCount: Number.MAX_SAFE_INTEGER,
      settings: { backoffStrategy: (attemptsMade: number) => backoffDelay(attemptsMade, retryBaseMs, retryMaxMs) },
    },
  );
  worker.on('failed', (job, error) => {
    queueJobFailures.inc({ queue: QUEUES.notifications });
    deps.logger.warn({ eventId: job?.id, eventType: job?.name, ...orderOf(job?.data), attemptsMade: job?.attemptsMade, err: error }, 'notification job failed');
  });
  worker.on('error', (error) => deps.logger.warn({ err: error }, 'worker error'));
  return worker;
}
