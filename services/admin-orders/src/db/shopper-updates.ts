import { outboxRowOf, writeOutboxEvent, type Database, type Transaction } from '@pickles/db';
import { newEventEnvelope, ORDER_CHANGED, ORDER_CHANGED_VERSION, type OrderChangedV1 } from '@pickles/shared';

type Trx = Transaction<Database>;

/** One `order.changed` (the shopper's e-mail about a change), in the transaction making the change. */
export async function writeShopperUpdate(trx: Trx, update: OrderChangedV1): Promise<void> {
  await writeOutboxEvent(trx, ORDER_CHANGED, ORDER_CHANGED_VERSION, update);
}

const CHUNK = 1000;

/**
 * Many updates at once, for batch status changes (up to 100,000 orders): the same envelopes
 * writeOutboxEvent writes, a thousand rows per statement instead of one round trip each.
 */
export async function writeShopperUpdates(trx: Trx, updates: readonly OrderChangedV1[]): Promise<void> {
  if (updates.length === 1) return writeShopperUpdate(trx, updates[0]!);
  const occurredAt = new Date().toISOString();
  for (let start = 0; start < updates.length; start += CHUNK) {
    const rows = updates.slice(start, start + CHUNK).map((data) => outboxRowOf(newEventEnvelope(ORDER_CHANGED, ORDER_CHANGED_VERSION, data, occurredAt)));
    await trx.insertInto('outbox_events').values(rows).execute();
  }
}
