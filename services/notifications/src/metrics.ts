import type { Queue } from 'bullmq';
import { readWithin, type Db } from '@pickles/db';
import { defineCounter, defineGauge, SCRAPE_READ_TIMEOUT_MS, type ScrapeReading } from '@pickles/service-kit';
import { countUnconfirmedPaidOrders } from './db/unconfirmed-orders.js';

export const emailsSent = defineCounter('pickles_emails_sent_total', 'E-mails the SMTP server accepted, by kind (each recorded once in sent_emails)', ['kind']);
export const emailsFailed = defineCounter('pickles_emails_failed_total', 'Attempts to send an e-mail that failed (SMTP down or refusing), by kind; each is retried', ['kind']);
export const queueJobFailures = defineCounter('pickles_queue_job_failures_total', 'Failed attempts of queue jobs (each is retried with backoff unless unreadable)', ['queue']);

export const queueJobs = defineGauge('pickles_queue_jobs', 'Jobs in the queue by state', ['queue', 'state']);
export const paidOrdersUnconfirmed = defineGauge('pickles_paid_orders_unconfirmed', 'Paid orders whose confirmation e-mail is not sent yet');
export const paidOrderUnconfirmedOldest = defineGauge(
  'pickles_paid_order_unconfirmed_oldest_seconds',
  'Seconds since the oldest paid order without a sent confirmation was paid (0 when none)',
);

/** The job states the gauge shows (BullMQ's own names). */
const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** The queue's job counts by state, read from Redis at each scrape. */
export function queueReading(queue: Queue): ScrapeReading {
  return {
    metric: 'pickles_queue_jobs',
    gauges: [queueJobs],
    read: async () => {
      const counts = await queue.getJobCounts(...JOB_STATES);
      for (const state of JOB_STATES) queueJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
    },
  };
}

/** Paid orders without a sent confirmation, read from PostgreSQL at each scrape (db/unconfirmed-orders.ts). */
export function unconfirmedOrdersReading(db: Db, lookbackSeconds: number): ScrapeReading {
  return {
    metric: 'pickles_paid_orders_unconfirmed',
    gauges: [paidOrdersUnconfirmed, paidOrderUnconfirmedOldest],
    read: async () => {
      const unconfirmed = await readWithin(db, SCRAPE_READ_TIMEOUT_MS, (trx) => countUnconfirmedPaidOrders(trx, lookbackSeconds));
      paidOrdersUnconfirmed.set(unconfirmed.count);
      paidOrderUnconfirmedOldest.set(unconfirmed.oldestSeconds);
    },
  };
}
