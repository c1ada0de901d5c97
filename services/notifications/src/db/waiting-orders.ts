import { awaitingDispatch, type Db } from '@pickles/db';

export interface WaitingOrder {
  id: string;
  orderNumber: string;
  paidAt: Date;
  amountPaise: number;
  city: string;
}

/** Most orders one summary lists; the count still covers them all. */
export const WAITING_LIST_LIMIT = 200;

/** Orders awaiting dispatch (packages/db awaiting-dispatch.ts), paid before `paidBefore`, oldest first. */
export async function loadWaitingOrders(db: Db, paidBefore: Date): Promise<{ orders: WaitingOrder[]; total: number }> {
  const waiting = db.selectFrom('orders as o').where(awaitingDispatch('o')).where('o.paid_at', '<', paidBefore);
  const [rows, count] = await Promise.all([
    waiting.select(['o.id', 'o.order_number', 'o.paid_at', 'o.amount_paise', 'o.city']).orderBy('o.paid_at').orderBy('o.order_number').limit(WAITING_LIST_LIMIT).execute(),
    waiting.select(({ fn }) => fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    orders: rows.map((row) => ({ id: row.id, orderNumber: row.order_number, paidAt: new Date(row.paid_at!), amountPaise: row.amount_paise, city: row.city })),
    total: Number(count.total),
  };
}
