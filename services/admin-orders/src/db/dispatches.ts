import { ConflictError, NotFoundError } from '@pickles/service-kit';
import { sql, type Database, type Kysely, type Transaction } from '@pickles/db';
import { mayOwner, type OrderDispatch, type OrderState } from '@pickles/shared';
import { courierToStore, courierTrackingUrl, storedCourier, type RecordDispatchInput } from '@pickles/shared/admin-order-requests';
import { writeShopperUpdate } from './shopper-updates.js';

type Handle = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

interface DispatchRow {
  courier: string;
  awb: string;
  tracking_url: string | null;
  dispatched_at: Date | string;
  recorded_by: string;
  corrections: number;
}

function toOrderDispatch(row: DispatchRow): OrderDispatch {
  return {
    ...storedCourier(row.courier),
    awb: row.awb,
    trackingUrl: row.tracking_url,
    dispatchedAt: new Date(row.dispatched_at).toISOString(),
    recordedBy: row.recorded_by,
    corrections: row.corrections,
  };
}

export async function orderDispatch(db: Handle, orderId: string): Promise<OrderDispatch | null> {
  const row = await db.selectFrom('order_dispatches').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  return row ? toOrderDispatch(row) : null;
}

/** Locks the order (by internal id or readable number) for the dispatch and reads its state. */
export async function lockOrderForDispatch(
  trx: Trx,
  key: { id: string } | { orderNumber: string },
): Promise<({ id: string; orderNumber: string } & OrderState) | undefined> {
  const where = 'id' in key ? sql`id = ${key.id}` : sql`order_number = ${key.orderNumber}`;
  const { rows } = await sql<{ id: string; order_number: string; status: OrderState['status']; payment_status: OrderState['paymentStatus'] }>`
    select id, order_number, status, payment_status from orders where ${where} for update`.execute(trx);
  const row = rows[0];
  return row && { id: row.id, orderNumber: row.order_number, status: row.status, paymentStatus: row.payment_status };
}

/**
 * Records (or corrects) the dispatch of a locked order. The first record writes the shopper's
 * `dispatched` e-mail event in the same transaction; a correction overwrites the record and counts
 * itself, e-mailing nobody (decision 010). Sending the same record again changes nothing.
 */
export async function recordDispatch(
  trx: Trx,
  order: ({ id: string } & OrderState) | undefined,
  input: RecordDispatchInput,
  recordedBy: string,
): Promise<{ dispatch: OrderDispatch; created: boolean }> {
  if (!order) throw new NotFoundError('Order not found');
  const may = mayOwner(order, 'dispatch');
  if (!may.allowed) throw new ConflictError(may.reason);
  const courier = courierToStore(input.courierId, input.courierName);
  const awb = input.awb;
  const trackingUrl = input.trackingUrl ?? courierTrackingUrl(courier, awb) ?? null;
  const existing = await trx.selectFrom('order_dispatches').selectAll().where('order_id', '=', order.id).executeTakeFirst();
  if (!existing) {
    const row = await trx
      .insertInto('order_dispatches')
      .values({ order_id: order.id, courier, awb, tracking_url: trackingUrl, recorded_by: recordedBy })
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeShopperUpdate(trx, { orderId: order.id, kind: 'dispatched', dedupeKey: order.id });
    return { dispatch: toOrderDispatch(row), created: true };
  }
  if (existing.courier === courier && existing.awb === awb && existing.tracking_url === trackingUrl) {
    return { dispatch: toOrderDispatch(existing), created: false };
  }
  const row = await trx
    .updateTable('order_dispatches')
    .set({ courier, awb, tracking_url: trackingUrl, recorded_by: recordedBy, corrections: sql`corrections + 1`, updated_at: sql`now()` })
    .where('order_id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { dispatch: toOrderDispatch(row), created: false };
}
