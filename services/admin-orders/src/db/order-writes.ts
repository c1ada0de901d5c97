import { randomUUID } from 'node:crypto';
import { releaseJars, sellJars, sql, writeStatusHistory, type Database, type Transaction } from '@pickles/db';
import { issueInvoice } from '@pickles/invoices';
import { isTakenBack, type OrderStatus, type PaymentStatus, type ShopperUpdateKind } from '@pickles/shared';
import { writeShopperUpdates } from './shopper-updates.js';

type Trx = Transaction<Database>;

export interface LockedOrder {
  id: string;
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}

/** Locks the given orders (in id order, so concurrent bulk actions cannot deadlock) and reads their state. */
export async function lockOrders(trx: Trx, ids: readonly string[]): Promise<LockedOrder[]> {
  if (!ids.length) return [];
  const { rows } = await sql<{ id: string; order_number: string; status: OrderStatus; payment_status: PaymentStatus }>`
    select id, order_number, status, payment_status from orders where id = any(${ids}::uuid[]) order by id for update`.execute(trx);
  return rows.map((row) => ({ id: row.id, orderNumber: row.order_number, status: row.status, paymentStatus: row.payment_status }));
}

/** Owner moves the shopper is e-mailed about, when the order's money is held (paid, or partly refunded). */
const SHOPPER_TOLD: Partial<Record<OrderStatus, ShopperUpdateKind>> = { delivered: 'delivered', cancelled: 'cancelled' };

/**
 * Sets `to` on the given orders and records each change in their history. The caller holds the row
 * locks and has asked the lifecycle (decideOwnerMove) for every one of them. A paid order moved to
 * delivered or cancelled also gets its `order.changed` (one e-mail per order and kind). An
 * order taken back (isTakenBack) is a sale after all: its GST tax invoice is issued here, in this
 * transaction (one it already has stays), and the shopper gets the order confirmation. The invoice
 * counter is locked after the orders' and their stock rows' locks (moveJarsForOwner ran first), the
 * order every writer takes them in.
 */
export async function setStatus(trx: Trx, moves: readonly LockedOrder[], to: OrderStatus, changedBy: string): Promise<void> {
  if (!moves.length) return;
  const ids = moves.map((order) => order.id);
  await sql`update orders set status = ${to}, updated_at = now() where id = any(${ids}::uuid[])`.execute(trx);
  await writeStatusHistory(
    trx,
    moves.map((order) => ({ orderId: order.id, from: order, to: { status: to, paymentStatus: order.paymentStatus }, changedBy })),
  );
  const kind = SHOPPER_TOLD[to];
  if (kind) {
    const told = moves.filter((order) => order.paymentStatus === 'paid');
    await writeShopperUpdates(trx, told.map((order) => ({ orderId: order.id, kind, dedupeKey: order.id })));
  }
  const takenBack = moves.filter((order) => isTakenBack(order, to));
  for (const order of takenBack) await issueInvoice(trx, order.id);
  await writeShopperUpdates(trx, takenBack.map((order) => ({ orderId: order.id, kind: 'confirmation-resent', dedupeKey: randomUUID() })));
}

/** Why a cancelled order cannot be taken back: its jars went to other shoppers meanwhile. */
export const NO_JARS_TO_TAKE_BACK = 'Not enough jars left in the batch to take this order back: raise the batch first';

/**
 * The batch stock follows the owner's moves (decision 012), in the caller's transaction, before
 * setStatus: cancelling an order that was not dispatched gives its jars back to the batch (a
 * dispatched one's jars are gone); taking back a cancelled order whose money is held takes its
 * released jars again, and when the batch no longer has them that order is returned in `short`
 * (not to be moved) with nothing changed.
 */
export async function moveJarsForOwner(trx: Trx, moves: readonly LockedOrder[], to: OrderStatus): Promise<{ allowed: LockedOrder[]; short: LockedOrder[] }> {
  if (!moves.length) return { allowed: [], short: [] };
  const ids = moves.map((order) => order.id);
  if (to === 'cancelled') {
    const dispatched = new Set((await trx.selectFrom('order_dispatches').select('order_id').where('order_id', 'in', ids).execute()).map((row) => row.order_id));
    for (const order of moves) if (!dispatched.has(order.id)) await releaseJars(trx, order.id);
    return { allowed: [...moves], short: [] };
  }
  // A refunded order closed as completed ships nothing: only an order taken back takes jars.
  const takenBack = moves.filter((order) => isTakenBack(order, to));
  if (!takenBack.length) return { allowed: [...moves], short: [] };
  const released = new Set(
    (await trx.selectFrom('orders').select('id').where('id', 'in', takenBack.map((order) => order.id)).where('stock_state', '=', 'released').execute()).map((row) => row.id),
  );
  const short = new Set<string>();
  for (const order of takenBack) {
    if (!released.has(order.id)) continue;
    if ((await sellJars(trx, order.id)) === 'short') {
      // sellJars marked it short; it holds nothing and stays cancelled, so it is simply released again.
      await releaseJars(trx, order.id);
      short.add(order.id);
    }
  }
  return { allowed: moves.filter((order) => !short.has(order.id)), short: moves.filter((order) => short.has(order.id)) };
}

/**
 * Moves the given orders to archived_orders with a full JSON snapshot (items, payments, refunds,
 * the owner's refund requests, the dispatch record, status history) and deletes them from orders. The caller holds the row locks and has asked the
 * lifecycle (canRemove) for every one of them.
 */
export async function archiveOrders(trx: Trx, ids: readonly string[], archivedBy: string): Promise<number> {
  if (!ids.length) return 0;
  const { rows } = await sql<{ archived: number }>`
    with doomed as (
      select orders.* from orders where orders.id = any(${ids}::uuid[])
    ), archived as (
      insert into archived_orders (order_id, order_number, status, snapshot, archived_by)
      select d.id, d.order_number, d.status,
        to_jsonb(d) || jsonb_build_object(
          'items', coalesce((select jsonb_agg(to_jsonb(i) order by i.id) from order_items i where i.order_id = d.id), '[]'::jsonb),
          'payments', coalesce((select jsonb_agg(to_jsonb(p)) from payments p where p.order_id = d.id), '[]'::jsonb),
          'refunds', coalesce((select jsonb_agg(to_jsonb(r)) from refunds r where r.order_id = d.id), '[]'::jsonb),
          'refund_requests', coalesce((select jsonb_agg(to_jsonb(q) order by q.created_at) from refund_requests q where q.order_id = d.id), '[]'::jsonb),
          -- The dispatch row goes with the order (on delete cascade): the courier and AWB live on here.
          'dispatch', (select to_jsonb(x) from order_dispatches x where x.order_id = d.id),
          -- So do the courier booking and its tracking events.
          'shipment', (select to_jsonb(s) from shipments s where s.order_id = d.id),
          'shipment_events', coalesce((select jsonb_agg(to_jsonb(v) order by v.occurred_at) from shipment_events v where v.order_id = d.id), '[]'::jsonb),
          'history', coalesce((select jsonb_agg(to_jsonb(h) order by h.id) from order_status_history h where h.order_id = d.id), '[]'::jsonb)
        ),
        ${archivedBy}
      from doomed d
      on conflict (order_id) do nothing
      returning order_id
    ), deleted as (
      delete from orders using archived where orders.id = archived.order_id returning 1
    )
    select count(*)::int as archived from deleted`.execute(trx);
  return rows[0]?.archived ?? 0;
}
