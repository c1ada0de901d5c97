import { decideOwnerMove, mayOwner, type AdminOrder, type AdminSettableStatus, type RefusedOrder } from '@pickles/shared';
import type { Db } from '@pickles/db';
import { getAdminOrder } from '../db/orders.js';
import { inTransaction } from './refusal.js';
import { archiveOrders, lockOrders, moveJarsForOwner, NO_JARS_TO_TAKE_BACK, setStatus, type LockedOrder } from '../db/order-writes.js';

export { NO_JARS_TO_TAKE_BACK };

/** What the owner's status change of one order did, or why it did nothing. */
export type StatusChange =
  | { kind: 'not-found' }
  /** The lifecycle's refusal, in its words. */
  | { kind: 'refused'; reason: string }
  /** Taking a cancelled order back needs jars the batch no longer has. */
  | { kind: 'no-jars' }
  /** Moved, or already in that status (nothing written): the order as it now is. */
  | { kind: 'done'; order: AdminOrder };

/**
 * One order to `status`, as the lifecycle allows (decideOwnerMove), in one transaction holding its
 * lock: its jars moved with it (moveJarsForOwner), the change recorded in its history (setStatus).
 */
export async function changeOrderStatus(db: Db, id: string, status: AdminSettableStatus, changedBy: string): Promise<StatusChange> {
  const refused = await inTransaction<undefined, StatusChange>(db, async (trx, refuse) => {
    const [order] = await lockOrders(trx, [id]);
    if (!order) return refuse({ kind: 'not-found' });
    const move = decideOwnerMove(order, status);
    if (move.kind === 'refused') return refuse({ kind: 'refused', reason: move.reason });
    if (move.kind !== 'move') return undefined;
    // The batch's refusal rolls back what moveJarsForOwner wrote for it.
    if ((await moveJarsForOwner(trx, [order], move.to)).short.length) return refuse({ kind: 'no-jars' });
    await setStatus(trx, [order], move.to, changedBy);
    return undefined;
  });
  if (refused) return refused;
  const order = await getAdminOrder(db, id);
  return order ? { kind: 'done', order } : { kind: 'not-found' };
}

export interface BatchStatusChange {
  /** Orders moved. */
  moves: number;
  unchangedCount: number;
  /** The orders the lifecycle or the batch stock refused, with why. */
  refused: RefusedOrder[];
  /** Those, and the ids that name no order. */
  refusedCount: number;
}

/**
 * Exactly the given orders to `status`, in one transaction: each asked of the lifecycle like a
 * single change; the batch stock may refuse taking a cancelled order back (its jars were sold meanwhile).
 */
export function changeOrderStatuses(db: Db, orderIds: readonly string[], status: AdminSettableStatus, changedBy: string): Promise<BatchStatusChange> {
  return db.transaction().execute(async (trx) => {
    const orders = await lockOrders(trx, [...new Set(orderIds)]);
    const moves: LockedOrder[] = [];
    const refused: RefusedOrder[] = [];
    let unchangedCount = 0;
    for (const order of orders) {
      const move = decideOwnerMove(order, status);
      if (move.kind === 'move') moves.push(order);
      else if (move.kind === 'unchanged') unchangedCount++;
      else refused.push({ _id: order.id, orderId: order.orderNumber, reason: move.reason });
    }
    const { allowed, short } = await moveJarsForOwner(trx, moves, status);
    for (const order of short) refused.push({ _id: order.id, orderId: order.orderNumber, reason: NO_JARS_TO_TAKE_BACK });
    await setStatus(trx, allowed, status, changedBy);
    const missing = new Set(orderIds).size - orders.length;
    return { moves: allowed.length, unchangedCount, refused, refusedCount: refused.length + missing };
  });
}

/**
 * The given orders the lifecycle calls finished (mayOwner 'remove': completed, or cancelled with no
 * money held) leave the panel for the archive, in one transaction; answers how many moved.
 */
export function removeFinishedOrders(db: Db, orderIds: readonly string[], archivedBy: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const removable = (await lockOrders(trx, orderIds)).filter((order) => mayOwner(order, 'remove').allowed);
    return archiveOrders(
      trx,
      removable.map((order) => order.id),
      archivedBy,
    );
  });
}
