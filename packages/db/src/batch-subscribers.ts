import { sql, type Kysely, type Transaction } from 'kysely';
import {
  BATCH_OPENED,
  BATCH_OPENED_VERSION,
  BATCH_SUBSCRIPTION_REQUESTED,
  BATCH_SUBSCRIPTION_REQUESTED_VERSION,
  type BatchOpenedV1,
  type BatchSubscriptionRequestedV1,
} from '@pickles/shared';
import type { Database } from './schema.js';
import { writeOutboxEvent } from './outbox.js';

type Trx = Transaction<Database>;
type DbHandle = Kysely<Database> | Trx;

/**
 * "Tell me when the next batch is ready" (decision 029): the one module that writes
 * batch_subscribers. checkout signs shoppers up, confirms and unsubscribes them; admin-orders tells
 * them when a batch opens (in the transaction that opens it) and erases them on request. Every
 * e-mail goes through the outbox, written in the same transaction as the change.
 */

/** What a sign-up did: a new confirmation e-mail is on its way, or nothing was sent (cool-down, already confirmed). */
export type SignUpOutcome = 'confirmation-sent' | 'cooling-down' | 'already-confirmed';

/**
 * Signs `email` up for `productId`'s next batch, or repeats a sign-up: a new address gets the
 * confirmation e-mail; a pending one gets another only `coolDownHours` after the last; a confirmed
 * one nothing. One live row per product and address (the partial unique index), so a repeat or a
 * race between two requests changes nothing more.
 */
export async function signUpForNextBatch(db: Kysely<Database>, productId: number, email: string, coolDownHours: number): Promise<SignUpOutcome> {
  const address = email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const inserted = await sql<{ id: string }>`
      insert into batch_subscribers (product_id, email) values (${productId}, ${address})
      on conflict (product_id, lower(email)) where state in ('pending', 'confirmed') do nothing
      returning id`.execute(trx);
    const id = inserted.rows[0]?.id;
    if (id) {
      await writeOutboxEvent(trx, BATCH_SUBSCRIPTION_REQUESTED, BATCH_SUBSCRIPTION_REQUESTED_VERSION, { subscriberId: id, attempt: 1 } satisfies BatchSubscriptionRequestedV1);
      return 'confirmation-sent';
    }
    // The live row exists (a race lost to another request lands here too): only a pending one past the cool-down is mailed again.
    const again = await trx
      .updateTable('batch_subscribers')
      .set((eb) => ({ confirmations_sent: eb('confirmations_sent', '+', 1), confirmation_sent_at: sql<Date>`now()` }))
      .where('product_id', '=', productId)
      .where(sql<string>`lower(email)`, '=', address)
      .where('state', '=', 'pending')
      .where('confirmation_sent_at', '<=', sql<Date>`now() - make_interval(hours => ${coolDownHours})`)
      .returning(['id', 'confirmations_sent'])
      .executeTakeFirst();
    if (again) {
      await writeOutboxEvent(trx, BATCH_SUBSCRIPTION_REQUESTED, BATCH_SUBSCRIPTION_REQUESTED_VERSION, { subscriberId: again.id, attempt: again.confirmations_sent } satisfies BatchSubscriptionRequestedV1);
      return 'confirmation-sent';
    }
    const live = await trx
      .selectFrom('batch_subscribers')
      .select('state')
      .where('product_id', '=', productId)
      .where(sql<string>`lower(email)`, '=', address)
      .where('state', 'in', ['pending', 'confirmed'])
      .executeTakeFirst();
    return live?.state === 'confirmed' ? 'already-confirmed' : 'cooling-down';
  });
}

/** A subscriber as a link names it: their product and where the sign-up stands. */
export interface LinkedSubscriber {
  id: string;
  productId: number;
  state: 'pending' | 'confirmed' | 'told' | 'unsubscribed';
}

/** The confirmation link: pending becomes confirmed; any other state stays as it is. Undefined when the row is gone (erased). */
export async function confirmSubscriber(db: DbHandle, subscriberId: string): Promise<LinkedSubscriber | undefined> {
  const confirmed = await db
    .updateTable('batch_subscribers')
    .set({ state: 'confirmed', confirmed_at: sql<Date>`now()` })
    .where('id', '=', subscriberId)
    .where('state', '=', 'pending')
    .returning(['id', 'product_id', 'state'])
    .executeTakeFirst();
  const row = confirmed ?? (await db.selectFrom('batch_subscribers').select(['id', 'product_id', 'state']).where('id', '=', subscriberId).executeTakeFirst());
  return row ? { id: row.id, productId: row.product_id, state: row.state } : undefined;
}

/** The sign-up a link names, as it stands. */
export async function readSubscriber(db: DbHandle, subscriberId: string): Promise<LinkedSubscriber | undefined> {
  const row = await db.selectFrom('batch_subscribers').select(['id', 'product_id', 'state']).where('id', '=', subscriberId).executeTakeFirst();
  return row ? { id: row.id, productId: row.product_id, state: row.state } : undefined;
}

/** The unsubscribe link (one click, RFC 8058): no e-mail of this sign-up goes out any more, whatever its state. */
export async function unsubscribeSubscriber(db: DbHandle, subscriberId: string): Promise<LinkedSubscriber | undefined> {
  await db
    .updateTable('batch_subscribers')
    .set({ state: 'unsubscribed', unsubscribed_at: sql<Date>`now()` })
    .where('id', '=', subscriberId)
    .where('state', '<>', 'unsubscribed')
    .execute();
  return readSubscriber(db, subscriberId);
}

/**
 * A batch of `productId` opened (stock.ts's setBatch said so): every confirmed subscriber is marked
 * told by this opening, in the caller's transaction, and one `batch.opened` event e-mails them. A
 * told sign-up is fulfilled: the next batch needs a new one. Returns how many were told (0: no event).
 */
export async function tellSubscribersOfOpening(trx: Trx, productId: number, batchJars: number | null): Promise<number> {
  const openingId = globalThis.crypto.randomUUID();
  const told = await trx
    .updateTable('batch_subscribers')
    .set({ state: 'told', told_at: sql<Date>`now()`, opening_id: openingId })
    .where('product_id', '=', productId)
    .where('state', '=', 'confirmed')
    .returning('id')
    .execute();
  if (told.length) await writeOutboxEvent(trx, BATCH_OPENED, BATCH_OPENED_VERSION, { openingId, productId, batchJars } satisfies BatchOpenedV1);
  return told.length;
}

/** The owner's figures per product: confirmed subscribers waiting for the next batch, and how many the last opening told. */
export interface SubscriberCounts {
  waiting: number;
  toldAtLastOpening: number;
}

export async function countSubscribers(db: DbHandle, productIds: readonly number[]): Promise<Map<number, SubscriberCounts>> {
  const counts = new Map<number, SubscriberCounts>(productIds.map((id) => [id, { waiting: 0, toldAtLastOpening: 0 }]));
  if (!productIds.length) return counts;
  const { rows } = await sql<{ product_id: number; waiting: number; told: number }>`
    select product_id,
      count(*) filter (where state = 'confirmed')::int as waiting,
      count(*) filter (where opening_id = (
        select latest.opening_id from batch_subscribers latest
        where latest.product_id = subscribers.product_id and latest.opening_id is not null
        order by latest.told_at desc limit 1))::int as told
    from batch_subscribers subscribers
    where product_id = any(${[...productIds]}::int[])
    group by product_id`.execute(db);
  for (const row of rows) counts.set(row.product_id, { waiting: row.waiting, toldAtLastOpening: row.told });
  return counts;
}

/** A shopper's erasure request: every sign-up of their address goes, and with it every link sent to it. */
export async function eraseSubscriptions(trx: DbHandle, email: string): Promise<number> {
  const erased = await trx.deleteFrom('batch_subscribers').where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).returning('id').execute();
  return erased.length;
}

/**
 * Sign-ups whose purpose is over (told, unsubscribed) or never confirmed, `days` after their last
 * step, are deleted: the address is kept only while it waits for a batch (the README's personal data).
 */
export async function deleteFinishedSubscriptions(db: DbHandle, days: number): Promise<number> {
  const deleted = await db
    .deleteFrom('batch_subscribers')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'told'), eb('told_at', '<', sql<Date>`now() - make_interval(days => ${days})`)]),
        eb.and([eb('state', '=', 'unsubscribed'), eb('unsubscribed_at', '<', sql<Date>`now() - make_interval(days => ${days})`)]),
        eb.and([eb('state', '=', 'pending'), eb('confirmation_sent_at', '<', sql<Date>`now() - make_interval(days => ${days})`)]),
      ]),
    )
    .returning('id')
    .execute();
  return deleted.length;
}
