import { deleteFinishedSubscriptions, eraseSubscriptions, sql, type Db, type Database, type Transaction } from '@pickles/db';
import { runEvery } from '@pickles/service-kit';
import { NEVER_PAID_PAYMENT_STATES, RETENTION_ERASABLE_STATES } from '@pickles/shared';

/**
 * Personal data under India's DPDP Act 2023 (retention periods in the README, "Personal data"):
 * - an order nobody paid needs no personal data once it can no longer be paid: after the retention
 *   period its customer and address fields are erased (here and in the archive);
 * - on a shopper's request, every unpaid order of theirs is erased the same way, and their paid
 *   orders lose the e-mail address and phone number, keeping only what a GST tax invoice must show
 *   for eight years (name, address, items, amounts). Their complaints lose name, e-mail, phone and
 *   text; the ticket number, its dates and the resolution stay (the grievance record of what was done).
 */
export const ERASED = {
  name: 'Erased',
  email: 'erased@erased.invalid',
  phone: '0000000000',
  text: '-',
  pincode: '000000',
} as const;

/** Never paid (the lifecycle's erasureOf says so): no money, so no tax record to keep. */
const NEVER_PAID = sql.join(NEVER_PAID_PAYMENT_STATES);
/** Closed and never paid: what the retention pass erases (the lifecycle's RETENTION_ERASABLE_STATES). */
const RETENTION_ERASABLE = sql.join(RETENTION_ERASABLE_STATES.map((s) => sql`(${s.status}, ${s.paymentStatus})`));

/** Columns of a fully erased order; the order number stays so Razorpay and the history still match. */
const fullErasure = sql`customer_name = ${ERASED.name}, customer_email = ${ERASED.email}, customer_phone = ${ERASED.phone},
  flat_number = ${ERASED.text}, street = ${ERASED.text}, area = ${ERASED.text}, city = ${ERASED.text}, state = ${ERASED.text},
  pincode = ${ERASED.pincode}, search_text = lower(order_number), personal_data_erased_at = now(), updated_at = now(),
  tracking_link_version = tracking_link_version + 1`;

/** The same in an archived order's snapshot (the archive keeps the orders table's column names). */
const snapshotFullErasure = sql`snapshot || jsonb_build_object(
  'customer_name', ${ERASED.name}::text, 'customer_email', ${ERASED.email}::text, 'customer_phone', ${ERASED.phone}::text,
  'flat_number', ${ERASED.text}::text, 'street', ${ERASED.text}::text, 'area', ${ERASED.text}::text, 'city', ${ERASED.text}::text,
  'state', ${ERASED.text}::text, 'pincode', ${ERASED.pincode}::text, 'search_text', lower(snapshot->>'order_number'),
  'personal_data_erased_at', now())`;

export interface ErasureCounts {
  orders: number;
  archived: number;
  /** Next-batch sign-ups deleted (told, unsubscribed or never confirmed). */
  subscriptions: number;
}

/**
 * Erases never-paid orders closed (expired, failed or cancelled) more than `retentionDays` ago. Every
 * replica runs the pass; one at a time erases (the others find the lock taken and skip it, nothing
 * erased). Two at once would only queue behind each other's row locks, or deadlock when a large
 * table's synchronised scans take the rows in different orders.
 */
export async function eraseExpiredUnpaidOrders(db: Db, retentionDays: number): Promise<ErasureCounts> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ mine: boolean }>`select pg_try_advisory_xact_lock(hashtext('pickles:unpaid-order-erasure')) as mine`.execute(trx);
    if (!rows[0]?.mine) return { orders: 0, archived: 0, subscriptions: 0 };
    const orders = await sql`update orders set ${fullErasure}
      where (status, payment_status) in (${RETENTION_ERASABLE})
        and personal_data_erased_at is null and created_at < now() - make_interval(days => ${retentionDays})`.execute(trx);
    const archived = await sql`update archived_orders set snapshot = ${snapshotFullErasure}
      where snapshot->>'payment_status' in (${NEVER_PAID}) and snapshot->>'personal_data_erased_at' is null
        and (snapshot->>'created_at')::timestamptz < now() - make_interval(days => ${retentionDays})`.execute(trx);
    // "Next batch" sign-ups told, unsubscribed or never confirmed that long ago (decision 029).
    const subscriptions = await deleteFinishedSubscriptions(trx, retentionDays);
    return { orders: Number(orders.numAffectedRows ?? 0), archived: Number(archived.numAffectedRows ?? 0), subscriptions };
  });
}

export interface ShopperErasure {
  /** Orders never paid: fully erased. */
  unpaid: number;
  /** Paid orders: e-mail and phone erased, invoice data kept. */
  paid: number;
  archived: number;
  /** Complaints: name, e-mail, phone and text erased. */
  complaints: number;
  /** Sign-ups to hear about a next batch: deleted. */
  subscriptions: number;
}

/** A shopper's request to erase their data, identified by the e-mail address they ordered with. */
export async function eraseShopper(db: Db, email: string): Promise<ShopperErasure> {
  const address = email.trim().toLowerCase();
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    // Their orders, in the panel and removed to the archive, whose e-mails' recipients go too.
    const live = await trx.selectFrom('orders').select('id').where(sql<string>`lower(customer_email)`, '=', address).execute();
    const removed = await trx.selectFrom('archived_orders').select('order_id as id').where(sql<string>`lower(snapshot->>'customer_email')`, '=', address).execute();
    const ids = [...live, ...removed].map((row) => row.id);
    const unpaid = await sql`update orders set ${fullErasure}
      where lower(customer_email) = ${address} and payment_status in (${NEVER_PAID})`.execute(trx);
    // Paid orders keep what a tax invoice shows; the search text loses the e-mail and phone with them.
    const paid = await sql`update orders set customer_email = ${ERASED.email},
        search_text = replace(replace(search_text, lower(customer_email), ''), customer_phone, ''),
        customer_phone = ${ERASED.phone}, personal_data_erased_at = now(), updated_at = now(), tracking_link_version = tracking_link_version + 1
      where lower(customer_email) = ${address}`.execute(trx);
    // Every e-mail sent to them: about their orders (live or removed), or to their address whatever it was about.
    await trx
      .updateTable('sent_emails')
      .set({ recipient: ERASED.email })
      .where((eb) => eb.or([eb(sql<string>`lower(recipient)`, '=', address), ...(ids.length ? [eb('order_id', 'in', ids)] : [])]))
      .execute();
    const archivedUnpaid = await sql`update archived_orders set snapshot = ${snapshotFullErasure}
      where lower(snapshot->>'customer_email') = ${address} and snapshot->>'payment_status' in (${NEVER_PAID})`.execute(trx);
    // The archive keeps the orders table's columns, the search text among them.
    const archivedPaid = await sql`update archived_orders set snapshot = snapshot || jsonb_build_object(
        'customer_email', ${ERASED.email}::text, 'customer_phone', ${ERASED.phone}::text, 'personal_data_erased_at', now(),
        'search_text', replace(replace(snapshot->>'search_text', lower(snapshot->>'customer_email'), ''), snapshot->>'customer_phone', ''))
      where lower(snapshot->>'customer_email') = ${address}`.execute(trx);
    const complaints = await eraseComplaints(trx, address);
    // Their "next batch" sign-ups (decision 029): the rows go, and every link sent to them stops working.
    const subscriptions = await eraseSubscriptions(trx, address);
    return {
      unpaid: Number(unpaid.numAffectedRows ?? 0),
      paid: Number(paid.numAffectedRows ?? 0),
      archived: Number(archivedUnpaid.numAffectedRows ?? 0) + Number(archivedPaid.numAffectedRows ?? 0),
      complaints,
      subscriptions,
    };
  });
}

/** The shopper's complaints, by e-mail address (lower case); the e-mails about them went to that address (eraseShopper). */
async function eraseComplaints(trx: Transaction<Database>, address: string): Promise<number> {
  const erased = await trx
    .updateTable('complaints')
    .set({ name: ERASED.name, email: ERASED.email, phone: null, message: ERASED.text, personal_data_erased_at: sql`now()` })
    .where(sql<string>`lower(email)`, '=', address)
    .returning('id')
    .execute();
  return erased.length;
}

/** Runs the unpaid-order erasure every `intervalMinutes` on every replica (one erases at a time). */
export function startRetention(db: Db, retentionDays: number, intervalMinutes: number, onError: (error: unknown) => void): { stop: () => Promise<void> } {
  return runEvery(intervalMinutes * 60_000, () => eraseExpiredUnpaidOrders(db, retentionDays), onError);
}
