import { ConflictError, NotFoundError } from '@pickles/service-kit';
import type { Selectable } from 'kysely';
import { sql, type Database, type Kysely, type Transaction } from '@pickles/db';
import { mayOwner, type OrderShipment, type OrderState, type ShipmentDeliveryStatus, type ShipmentEventRecord } from '@pickles/shared';
import type { ShipmentsTable } from '@pickles/db';

type Handle = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;
export type ShipmentRow = Selectable<ShipmentsTable>;

/** How long one booking attempt may hold its shipment before another worker may take it over. */
const CLAIM_SECONDS = 120;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toOrderShipment(row: ShipmentRow, events: ShipmentEventRecord[], trackUrlOf?: (awb: string) => string): OrderShipment {
  return {
    state: row.state,
    awb: row.awb,
    courierName: row.courier_name,
    trackingUrl: row.awb && trackUrlOf ? trackUrlOf(row.awb) : null,
    pickupScheduledAt: iso(row.pickup_scheduled_at),
    attempts: row.attempts,
    error: row.last_error,
    requestedAt: new Date(row.requested_at).toISOString(),
    bookedAt: iso(row.booked_at),
    deliveryStatus: row.delivery_status as ShipmentDeliveryStatus | null,
    expectedDeliveryAt: iso(row.expected_delivery_at),
    events,
    cancelledAt: iso(row.cancelled_at),
  };
}

/** The courier's events of an order, oldest first by when they happened (not when they arrived). */
export async function shipmentEvents(db: Handle, orderId: string): Promise<ShipmentEventRecord[]> {
  const rows = await db
    .selectFrom('shipment_events')
    .select(['status', 'courier_status', 'occurred_at', 'reason', 'location'])
    .where('order_id', '=', orderId)
    .orderBy('occurred_at')
    .execute();
  return rows.map((row) => ({
    status: row.status as ShipmentDeliveryStatus,
    courierStatus: row.courier_status,
    occurredAt: new Date(row.occurred_at).toISOString(),
    reason: row.reason,
    location: row.location,
  }));
}

export async function shipmentOf(db: Handle, orderId: string): Promise<ShipmentRow | undefined> {
  return db.selectFrom('shipments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function orderShipment(db: Handle, orderId: string, trackUrlOf?: (awb: string) => string): Promise<OrderShipment | null> {
  const row = await shipmentOf(db, orderId);
  return row ? toOrderShipment(row, await shipmentEvents(db, orderId), trackUrlOf) : null;
}

/** The order locked for Ship, with what the lifecycle's ship rule reads. */
export async function lockOrderForShipping(trx: Trx, orderId: string): Promise<({ id: string; orderNumber: string; dispatched: boolean } & OrderState) | undefined> {
  const { rows } = await sql<{ id: string; order_number: string; status: OrderState['status']; payment_status: OrderState['paymentStatus']; dispatched: boolean }>`
    select o.id, o.order_number, o.status, o.payment_status, exists (select 1 from order_dispatches d where d.order_id = o.id) as dispatched
    from orders o where o.id = ${orderId} for update of o`.execute(trx);
  const row = rows[0];
  return row && { id: row.id, orderNumber: row.order_number, status: row.status, paymentStatus: row.payment_status, dispatched: row.dispatched };
}

/**
 * Our reference for the order's booking at the courier: the order number, and after a cancel
 * `<order number>-2`, `-3`... The courier has no idempotency key and finds bookings by this
 * reference (decision 023), so a new booking must never carry a cancelled one's.
 */
export function courierReference(orderNumber: string, bookingCount: number): string {
  return bookingCount <= 1 ? orderNumber : `${orderNumber}-${bookingCount}`;
}

/** Everything a booking learnt from the courier, forgotten when a cancelled order is booked again. */
const FRESH_BOOKING = {
  courier_order_id: null,
  shipment_id: null,
  awb: null,
  courier_name: null,
  pickup_scheduled_at: null,
  attempts: 0,
  booked_at: null,
  delivery_status: null,
  last_event_at: null,
  last_polled_at: null,
  expected_delivery_at: null,
  problem_action: null,
  problem_action_at: null,
  problem_action_by: null,
  cancelled_at: null,
  cancelled_by: null,
} as const;

/**
 * The owner's Ship, recorded before the courier is called: a new pending booking, or the one already
 * there (booked or pending: Ship again changes nothing), or a failed one set pending again with the
 * courier now chosen, or a cancelled one booked afresh under the next reference. Refused (409) when
 * the lifecycle does not allow shipping the order.
 */
export async function requestShipment(
  trx: Trx,
  orderId: string,
  { courierId, requestedBy }: { courierId: number | undefined; requestedBy: string },
): Promise<{ orderNumber: string; shipment: ShipmentRow }> {
  const order = await lockOrderForShipping(trx, orderId);
  if (!order) throw new NotFoundError('Order not found');
  const existing = await shipmentOf(trx, orderId);
  if (existing && existing.state !== 'failed' && existing.state !== 'cancelled') return { orderNumber: order.orderNumber, shipment: existing };
  const may = mayOwner(order, 'ship');
  if (!may.allowed) throw new ConflictError(may.reason);
  const shipment = existing?.state === 'cancelled'
    ? await trx
        .updateTable('shipments')
        .set({
          ...FRESH_BOOKING,
          state: 'pending',
          booking_count: sql`booking_count + 1`,
          requested_courier_id: courierId ?? null,
          last_error: null,
          next_attempt_at: sql`now()`,
          claimed_until: null,
          requested_by: requestedBy,
          requested_at: sql`now()`,
          updated_at: sql`now()`,
        })
        .where('order_id', '=', orderId)
        .returningAll()
        .executeTakeFirstOrThrow()
    : existing
    ? await trx
        .updateTable('shipments')
        .set({ state: 'pending', requested_courier_id: courierId ?? null, last_error: null, next_attempt_at: sql`now()`, claimed_until: null, requested_by: requestedBy, updated_at: sql`now()` })
        .where('order_id', '=', orderId)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto('shipments')
        .values({ order_id: orderId, state: 'pending', requested_courier_id: courierId ?? null, requested_by: requestedBy, next_attempt_at: sql`now()` })
        .returningAll()
        .executeTakeFirstOrThrow();
  return { orderNumber: order.orderNumber, shipment };
}

/** Takes a pending booking for one attempt; undefined when it is not pending or another attempt holds it. */
export async function claimBooking(db: Handle, orderId: string): Promise<ShipmentRow | undefined> {
  return db
    .updateTable('shipments')
    .set({ claimed_until: sql`now() + make_interval(secs => ${CLAIM_SECONDS})` })
    .where('order_id', '=', orderId)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
}

/** Pending bookings whose next try is due (the worker's). */
export async function dueBookings(db: Handle, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('shipments')
    .select('order_id')
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', sql<Date>`now()`)]))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.order_id);
}

/** One step's result, kept at once: a later attempt goes on from here instead of asking again. */
export async function saveBookingStep(
  db: Handle,
  orderId: string,
  step: Partial<Pick<ShipmentRow, 'courier_order_id' | 'shipment_id' | 'awb' | 'courier_name' | 'pickup_scheduled_at'>>,
): Promise<void> {
  await db.updateTable('shipments').set({ ...step, updated_at: sql`now()` }).where('order_id', '=', orderId).execute();
}

/** The courier did not answer: tried again after `delayMs`, the owner sees why. */
export async function deferBooking(db: Handle, orderId: string, error: string, delayMs: number): Promise<ShipmentRow> {
  return db
    .updateTable('shipments')
    .set({
      attempts: sql`attempts + 1`,
      last_error: error,
      next_attempt_at: sql`now() + make_interval(secs => ${delayMs / 1000})`,
      claimed_until: null,
      updated_at: sql`now()`,
    })
    .where('order_id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The courier refused: not tried again until the owner ships it again. */
export async function failBooking(db: Handle, orderId: string, error: string): Promise<ShipmentRow> {
  return db
    .updateTable('shipments')
    .set({ state: 'failed', attempts: sql`attempts + 1`, last_error: error, next_attempt_at: null, claimed_until: null, updated_at: sql`now()` })
    .where('order_id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Booked: the AWB and pickup are stored; the caller records the dispatch in the same transaction. */
export async function markBooked(trx: Trx, orderId: string): Promise<ShipmentRow> {
  return trx
    .updateTable('shipments')
    .set({
      state: 'booked',
      attempts: sql`attempts + 1`,
      last_error: null,
      next_attempt_at: null,
      claimed_until: null,
      booked_at: sql`now()`,
      last_event_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .where('order_id', '=', orderId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What the courier's booking sends: the shopper, the address and the items of the order. */
export async function orderForBooking(db: Handle, orderId: string) {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'order_number', 'customer_name', 'customer_email', 'customer_phone', 'flat_number', 'street', 'area', 'city', 'state', 'pincode', 'created_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const items = await db.selectFrom('order_items').select(['product_id', 'name', 'quantity', 'unit_price_paise']).where('order_id', '=', orderId).orderBy('product_id').execute();
  return { ...order, items };
}

/** Tracking statuses after which the courier has nothing more to say about a shipment. */
const FINAL_DELIVERY_STATUSES = ['delivered', 'rto-delivered', 'cancelled'];

/**
 * Booked shipments on their way that nothing was heard of for `hours` (no new event, no poll): a
 * lost webhook, or a courier that stopped sending them. Oldest silence first.
 */
export async function silentShipments(db: Handle, hours: number, limit: number): Promise<{ orderId: string; awb: string }[]> {
  const rows = await db
    .selectFrom('shipments')
    .select(['order_id', 'awb'])
    .where('state', '=', 'booked')
    .where('awb', 'is not', null)
    .where((eb) => eb.or([eb('delivery_status', 'is', null), eb('delivery_status', 'not in', FINAL_DELIVERY_STATUSES)]))
    .where(sql<boolean>`greatest(coalesce(last_event_at, booked_at), coalesce(last_polled_at, booked_at)) < now() - make_interval(hours => ${hours})`)
    .orderBy(sql`greatest(coalesce(last_event_at, booked_at), coalesce(last_polled_at, booked_at))`)
    .limit(limit)
    .execute();
  return rows.map((row) => ({ orderId: row.order_id, awb: row.awb! }));
}

/** Asked about, whatever the answer: the next poll waits another interval. */
export async function markPolled(db: Handle, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length) await db.updateTable('shipments').set({ last_polled_at: sql`now()` }).where('order_id', 'in', orderIds).execute();
}

/** The order and its booking as the lifecycle's cancel-shipment rule reads them. */
export async function shipmentForCancel(db: Handle, orderId: string) {
  const row = await db
    .selectFrom('orders')
    .leftJoin('shipments', 'shipments.order_id', 'orders.id')
    .select(['orders.id', 'orders.order_number', 'orders.status', 'orders.payment_status', 'shipments.state', 'shipments.delivery_status', 'shipments.courier_order_id', 'shipments.awb'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    orderNumber: row.order_number,
    facts: {
      status: row.status as OrderState['status'],
      paymentStatus: row.payment_status as OrderState['paymentStatus'],
      shipment: row.state ? { state: row.state, deliveryStatus: row.delivery_status as ShipmentDeliveryStatus | null } : null,
    },
    courierOrderId: row.courier_order_id === null ? null : Number(row.courier_order_id),
    awb: row.awb,
  };
}

/**
 * The courier has cancelled the booking: the shipment is `cancelled` and the order's dispatch record
 * goes (the order is "paid, to ship" again), in one transaction with the order locked. Only the
 * booking that was cancelled (same AWB, still booked) is changed: false when it changed meanwhile.
 * The courier's own cancelled event may have arrived first: the lifecycle is not asked again.
 */
export async function markCancelled(trx: Trx, orderId: string, awb: string, cancelledBy: string): Promise<boolean> {
  await sql`select 1 from orders where id = ${orderId} for update`.execute(trx);
  const cancelled = await trx
    .updateTable('shipments')
    .set({ state: 'cancelled', cancelled_at: sql`now()`, cancelled_by: cancelledBy, next_attempt_at: null, claimed_until: null, updated_at: sql`now()` })
    .where('order_id', '=', orderId)
    .where('awb', '=', awb)
    .where('state', '=', 'booked')
    .executeTakeFirst();
  if (Number(cancelled.numUpdatedRows) === 0) return false;
  await trx.deleteFrom('order_dispatches').where('order_id', '=', orderId).execute();
  return true;
}

/** The given orders with their shipment's id, AWB and state, by order number: whose labels can be printed. */
export async function bookedLabels(db: Handle, orderIds: readonly string[]) {
  return db
    .selectFrom('orders')
    .leftJoin('shipments', 'shipments.order_id', 'orders.id')
    .select(['orders.id', 'orders.order_number', 'shipments.shipment_id', 'shipments.awb', 'shipments.state'])
    .where('orders.id', 'in', orderIds)
    .orderBy('orders.order_number')
    .execute();
}

/** The order's number; undefined for an unknown order. */
export async function orderNumberOf(db: Handle, orderId: string): Promise<string | undefined> {
  return (await db.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirst())?.order_number;
}

