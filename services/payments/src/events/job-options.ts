import type { JobsOptions } from 'bullmq';

/**
 * Delivery policy of notification jobs: many attempts with capped exponential backoff (see the
 * worker's backoff strategy) so an SMTP outage of a few hours still ends in one sent e-mail.
 * Completed jobs are kept a week so a re-published event id is recognised as a duplicate.
 */
export const notificationJobOptions: JobsOptions = {
  attempts: 60,
  backoff: { type: 'capped-exponential' },
  removeOnComplete: { age: 7 * 24 * 3600, count: 100_000 },
  removeOnFail: false,
};
