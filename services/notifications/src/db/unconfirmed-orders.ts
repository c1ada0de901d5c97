import { sql, type Database, type Db, type Transaction } from '@pickles/db';
import { PAYMENT_VERIFIED } from '@pickles/shared';

/**
 * The sent_emails row that proves an e-mail of a paid order went out, for the payment.verified
 * outbox row aliased `e` (its data names the order). The order's own e-mails have no dedupe key
 * (sendOnce with an order id only), which lets the lookup use the unique (order_id, kind) index.
 * The one definition of "this paid order's confirmation (or the owner's alert) is sent": the
 * sweeper and the unconfirmed-orders gauge both use it.
 */
export function sentOrderEmail(kind: 'order-confirmation' | 'owner-alert') {
  return sql<boolean>`s.order_id = (e.payload->'data'->>'orderId')::uuid and s.kind = ${kind} and s.dedupe_key is null and s.state = 'sent'`;
}

/**
 * How far back the gauge looks: a confirmation still missing `alertAfterSeconds` after it was
 * published (UNSENT_ALERT_AFTER_HOURS) is put on the owner's attention list by the sweeper, which
 * the attention gauge shows; a day more than that covers it until then. The reading so costs what
 * the orders of those days cost, not the shop's whole history.
 */
export const unconfirmedLookbackSeconds = (alertAfterSeconds: number) => alertAfterSeconds + 24 * 3600;

export interface UnconfirmedOrders {
  count: number;
  /** Seconds since the oldest one was paid (its payment.verified was written); 0 when none. */
  oldestSeconds: number;
}

/**
 * Paid orders whose confirmation e-mail is not recorded as sent: a payment.verified event (the shop
 * owes the shopper a confirmation exactly when it writes one) of the last `lookbackSeconds` with no
 * sent order-confirmation. Walks those events through outbox_events_payment_verified_idx (migration
 * 012) and looks each one's e-mail up by index: the LIMIT 1 lateral keeps PostgreSQL from hashing
 * the whole sent_emails table instead (about ten times slower at 100k orders).
 */
export async function countUnconfirmedPaidOrders(db: Db | Transaction<Database>, lookbackSeconds: number): Promise<UnconfirmedOrders> {
  const { rows } = await sql<{ count: number; oldest_seconds: number | null }>`
    select count(*)::int as count, extract(epoch from now() - min(e.occurred_at))::float8 as oldest_seconds
    from outbox_events e
    left join lateral (select 1 as found from sent_emails s where ${sentOrderEmail('order-confirmation')} limit 1) sent on true
    where e.type = ${PAYMENT_VERIFIED}
      and e.occurred_at > now() - make_interval(secs => ${lookbackSeconds})
      and sent.found is null`.execute(db);
  const row = rows[0]!;
  return { count: row.count, oldestSeconds: Math.max(0, row.oldest_seconds ?? 0) };
}
