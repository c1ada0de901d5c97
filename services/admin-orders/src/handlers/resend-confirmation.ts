import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { ConflictError, NotFoundError, rateLimitRefusals, TooManyRequestsError } from '@pickles/service-kit';
import { sql, type Db } from '@pickles/db';
import { mayOwner, type OrderState, type ResendConfirmationResponse } from '@pickles/shared';
import { writeShopperUpdate } from '../db/shopper-updates.js';
import { isUuid } from './parse.js';

/** One resend per order per minute: a double click or an impatient owner does not e-mail the shopper twice. */
export const RESEND_INTERVAL_SECONDS = 60;

/**
 * POST /api/admin/orders/{id}/resend-confirmation: the shopper gets the order confirmation again
 * (`order.changed`, kind confirmation-resent, its own dedupe key so each resend is one e-mail).
 */
export function resendConfirmationHandler(db: Db, redis: Redis, redisPrefix: string): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    // Claimed in Redis before the transaction (never during it), released when nothing was written.
    const key = `${redisPrefix}:resend-confirmation:${id}`;
    if ((await redis.set(key, '1', 'EX', RESEND_INTERVAL_SECONDS, 'NX')) !== 'OK') {
      const seconds = Math.max(1, await redis.ttl(key));
      rateLimitRefusals.inc({ rule: 'resend-confirmation' });
      throw new TooManyRequestsError(`The confirmation was resent less than a minute ago. Please wait ${seconds} seconds before sending it again.`, seconds);
    }
    let orderNumber: string;
    try {
      orderNumber = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ order_number: string; status: OrderState['status']; payment_status: OrderState['paymentStatus'] }>`select order_number, status, payment_status from orders where id = ${id} for update`.execute(trx);
        const order = rows[0];
        if (!order) throw new NotFoundError('Order not found');
        const may = mayOwner({ status: order.status, paymentStatus: order.payment_status }, 'resend-confirmation');
        if (!may.allowed) throw new ConflictError(may.reason);
        await writeShopperUpdate(trx, { orderId: id, kind: 'confirmation-resent', dedupeKey: randomUUID() });
        return order.order_number;
      });
    } catch (error) {
      await redis.del(key).catch(() => undefined);
      throw error;
    }
    req.log.info({ orderId: id, orderNumber }, 'confirmation resent');
    res.json({ success: true } satisfies ResendConfirmationResponse);
  };
}
