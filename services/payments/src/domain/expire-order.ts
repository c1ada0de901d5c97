import { releaseJars, sql, writeStatusHistory, type Database, type Db, type Transaction } from '@pickles/db';
import { findTransition } from '@pickles/shared';
import { lockOrderById } from '../db/orders.js';

/**
 * Closes an order nobody paid (the lifecycle's expiry transition: to `cancelled`, payment status
 * unchanged), so it stops counting as unattended and the owner can remove it; jars it still holds
 * go back to the batch (usually the hold gave them back long before). Refused, and false,
 * when the order has moved on meanwhile (a capture landed first).
 */
export function expireUnpaidOrder(db: Db, orderId: string, reason: string): Promise<boolean> {
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const order = await lockOrderById(trx, orderId);
    if (!order || !findTransition(order, 'cancelled', 'expiry')) return false;
    await trx.updateTable('orders').set({ status: 'cancelled', next_reconcile_at: null, updated_at: sql`now()` }).where('id', '=', orderId).execute();
    await writeStatusHistory(trx, [{ orderId, from: order, to: { status: 'cancelled', paymentStatus: order.paymentStatus }, changedBy: 'system:expiry', reason }]);
    await releaseJars(trx, orderId);
    return true;
  });
}
