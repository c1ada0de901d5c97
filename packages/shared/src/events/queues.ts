/**
 * The event bus's queues and how their jobs are delivered, beside the event contracts so producer
 * (payments' outbox relay) and consumer (the notifications worker) cannot disagree. Plain data, no
 * BullMQ import: this package is also bundled into the browser.
 */

/** Queues are named after their consumer (one queue per consumer, decision 004). */
export const QUEUES = { notifications: 'notifications' } as const;

/** Name of the custom backoff strategy the worker registers (`backoffDelay`). */
export const CAPPED_EXPONENTIAL_BACKOFF = 'capped-exponential';

/**
 * Delivery policy of notification jobs (BullMQ JobsOptions): retried with capped exponential backoff
 * and no practical attempt limit (a million tries 5 minutes apart is nine years), so an SMTP outage of
 * any length still ends in one sent e-mail. Completed jobs are kept a week so a re-published event id
 * is recognised as a duplicate; the notifications sweeper re-publishes what Redis lost.
 */
export const NOTIFICATION_JOB_OPTIONS = {
  attempts: 1_000_000,
  backoff: { type: CAPPED_EXPONENTIAL_BACKOFF },
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: false,
} as const;

/** Longest wait between two attempts of a job, unless the worker is told otherwise. */
export const MAX_RETRY_DELAY_MS = 300_000;

/** Capped exponential backoff: base, 2x base, 4x base ... at most `maxMs` between attempts. */
export function backoffDelay(attemptsMade: number, baseMs: number, maxMs = MAX_RETRY_DELAY_MS): number {
  return Math.min(baseMs * 2 ** Math.min(Math.max(0, attemptsMade - 1), 30), maxMs);
}
