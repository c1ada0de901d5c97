import type { Logger } from 'pino';
import { releaseJars, sellJars, type Db } from '@pickles/db';
import { runEvery } from '@pickles/service-kit';
import { findLapsedStockHolds, findShortPaidOrders, lockOrderById } from '../db/orders.js';
import { confirmPaidOrder, isAwaitingPayment } from '../domain/settle-payment.js';

export interface StockHoldOptions {
  /** STOCK_HOLD_MINUTES: how long an unpaid order keeps its jars from other shoppers. */
  holdMinutes: number;
  batchSize?: number;
}

/**
 * Gives the jars of orders unpaid after the hold back to the batch (decision 012), so a shopper who
 * walked away does not keep the last jars from the next one. Each order in its own short
 * transaction, locked first and checked again (a capture may have landed since it was found). A
 * payment captured later takes the jars back if the batch still has them, or raises
 * 'capture-without-stock' (settle-payment). Returns how many orders gave their jars back.
 */
export async function releaseLapsedHoldsOnce(db: Db, { holdMinutes, batchSize = 100 }: StockHoldOptions): Promise<number> {
  let released = 0;
  for (const orderId of await findLapsedStockHolds(db, holdMinutes * 60, batchSize)) {
    const gaveBack = await db.transaction().execute(async (trx) => {
      const order = await lockOrderById(trx, orderId);
      return order !== undefined && isAwaitingPayment(order) && releaseJars(trx, orderId);
    });
    if (gaveBack) released++;
  }
  return released;
}

/**
 * Paid orders left short (their capture landed after the jars went to someone else) take jars as
 * soon as the batch has them again, typically after the owner adds jars in the admin's Stock page,
 * and are then confirmed and invoiced as if paid just now. Each in its own transaction, locked and
 * checked again: an order the owner cancelled meanwhile holds nothing and is left alone. Returns
 * the orders confirmed; `onConfirmed` nudges the relay.
 */
export async function confirmShortOrdersOnce(db: Db, batchSize = 100): Promise<string[]> {
  const confirmed: string[] = [];
  for (const orderId of await findShortPaidOrders(db, batchSize)) {
    const done = await db.transaction().execute(async (trx) => {
      const order = await lockOrderById(trx, orderId);
      if (!order || order.status !== 'paid' || order.paymentStatus !== 'paid' || order.stockState !== 'short') return false;
      if (!order.razorpayOrderId || !order.razorpayPaymentId) return false;
      // Its stock rows before the invoice counter, the order every confirmation takes them in (tax-documents).
      if ((await sellJars(trx, orderId)) !== 'sold') return false;
      await confirmPaidOrder(trx, { ...order, razorpayOrderId: order.razorpayOrderId }, order.razorpayPaymentId, 'reconciler');
      return true;
    });
    if (done) confirmed.push(orderId);
  }
  return confirmed;
}

export function startStockHoldRelease(
  deps: { db: Db; logger: Logger; relay: { nudge: () => void } },
  { intervalSeconds, ...options }: StockHoldOptions & { intervalSeconds: number },
): { stop: () => Promise<void> } {
  return runEvery(
    intervalSeconds * 1000,
    async () => {
      const released = await releaseLapsedHoldsOnce(deps.db, options);
      if (released) deps.logger.info({ released }, 'stock holds released: unpaid orders gave their jars back');
      const confirmed = await confirmShortOrdersOnce(deps.db);
      if (confirmed.length) {
        deps.logger.info({ orderIds: confirmed }, 'orders paid without stock took jars and were confirmed');
        deps.relay.nudge();
      }
    },
    (error) => deps.logger.warn({ err: error }, 'stock hold release failed; will retry'),
  );
}
