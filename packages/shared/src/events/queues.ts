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
 * Delivery policy of notification jobs (BullMQ JobsOptions): many attempts with capped exponential
 * backoff so an SMTP outage of a few hours still ends in one sent e-mail. Completed jobs are kept a
 * week so a re-published event id is recognised as a duplicate.
 */
export const NOTIFICATION_JOB_OPTIONS = {
  attempts: 60,
  backoff: { type: CAPPED_EXPONENTIAL_BACKOFF },
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: false,
} as const;

/** Longest wait between two attempts of a job. */
export const MAX_RETRY_DELAY_MS = 300_000;

/** Capped exponential backoff: base, 2x base, 4x base ... at most MAX_RETRY_DELAY_MS between attempts. */
export function backoffDelay(attemptsMade: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attemptsMade - 1), MAX_RETRY_DELAY_MS);
}
