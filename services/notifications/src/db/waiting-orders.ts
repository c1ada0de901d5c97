import type { Db } from '@pickles/db';

export interface WaitingOrder {
  id: string;
  orderNumber: string;
  paidAt: Date;
  amountPaise: number;
  city: string;
}

/** Most orders one summary lists; the count still covers them all. */
export const WAITING_LIST_LIMIT = 200;

/**
 * Paid orders with no dispatch record, paid before `paidBefore`, oldest first: what the owner still
 * has to ship. An order moved on (delivered, cancelled) or refunded in full is no longer waiting.
 */
export async function loadWaitingOrders(db: Db, paidBefore: Date): Promise<{ orders: WaitingOrder[]; total: number }> {
  const waiting = db
    .selectFrom('orders as o')
    .where('o.status', '=', 'paid')
    .where('o.payment_status', '=', 'paid')
    .where('o.paid_at', '<', paidBefore)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('order_dispatches as d').select('d.order_id').whereRef('d.order_id', '=', 'o.id'))));
  const [rows, count] = await Promise.all([
    waiting.select(['o.id', 'o.order_number', 'o.paid_at', 'o.amount_paise', 'o.city']).orderBy('o.paid_at').orderBy('o.order_number').limit(WAITING_LIST_LIMIT).execute(),
    waiting.select(({ fn }) => fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    orders: rows.map((row) => ({ id: row.id, orderNumber: row.order_number, paidAt: new Date(row.paid_at!), amountPaise: row.amount_paise, city: row.city })),
    total: Number(count.total),
  };
}
