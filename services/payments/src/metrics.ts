import { readWithin, sql, type Db } from '@pickles/db';
import { defineCounter, defineGauge, SCRAPE_READ_TIMEOUT_MS, type ScrapeReading } from '@pickles/service-kit';

/** What became of a webhook delivery; `signature_invalid` and `rejected` ones name no event (their body is not trusted). */
export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored' | 'signature_invalid' | 'rejected' | 'error';

export const webhookEvents = defineCounter('pickles_webhook_events_total', 'Razorpay webhook deliveries by event type and outcome', ['event', 'outcome']);

/** Orders the reconciler looked at, by what came of each; `pass_failed` counts passes that could not even start. */
export const reconcilerOutcomes = defineCounter('pickles_reconciler_outcomes_total', 'Orders checked with Razorpay by the reconciler, by outcome', ['outcome']);

export const outboxLag = defineGauge('pickles_outbox_lag_seconds', 'Age of the oldest outbox event not yet published to the queue (0 when none)');
export const outboxUnpublished = defineGauge('pickles_outbox_unpublished_events', 'Outbox events not yet published to the queue');

/**
 * The outbox backlog, read at each scrape: one statement over outbox_events_unpublished_order_idx
 * (migration 011), which holds only unpublished rows, so it costs the same at any shop size.
 * Retrying events (available later after a failed publish) count: they are late too.
 */
export function outboxBacklogReading(db: Db): ScrapeReading {
  return {
    metric: 'pickles_outbox_lag_seconds',
    gauges: [outboxLag, outboxUnpublished],
    read: async () => {
      const row = await readWithin(db, SCRAPE_READ_TIMEOUT_MS, (trx) =>
        trx
          .selectFrom('outbox_events')
          .select([(eb) => eb.fn.countAll<number>().as('unpublished'), sql<number | null>`extract(epoch from now() - min(occurred_at))::float8`.as('lag_seconds')])
          .where('published_at', 'is', null)
          .executeTakeFirstOrThrow(),
      );
      outboxUnpublished.set(Number(row.unpublished));
      outboxLag.set(Math.max(0, row.lag_seconds ?? 0));
    },
  };
}
