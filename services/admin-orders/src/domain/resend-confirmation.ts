import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { sql, type Db } from '@pickles/db';
import { mayOwner, type OrderState } from '@pickles/shared';
import { writeShopperUpdate } from '../db/shopper-updates.js';
import { inTransaction } from './refusal.js';

/** One resend per order per minute: a double click or an impatient owner does not e-mail the shopper twice. */
export const RESEND_INTERVAL_SECONDS = 60;

export type ResendOutcome =
  /** Resent less than RESEND_INTERVAL_SECONDS ago: how many seconds until it may be again. */
  | { kind: 'too-soon'; seconds: number }
  | { kind: 'not-found' }
  /** The lifecycle's refusal (mayOwner 'resend-confirmation'), in its words. */
  | { kind: 'refused'; reason: string }
  | { kind: 'resent'; orderNumber: string };

/**
 * The shopper gets the order confirmation again (`order.changed`, kind confirmation-resent,
 * its own dedupe key so each resend is one e-mail). The minute is claimed in Redis before the
 * transaction (never during it), and released when nothing was written.
 */
export async function resendConfirmation({ db, redis, redisPrefix }: { db: Db; redis: Redis; redisPrefix: string }, id: string): Promise<ResendOutcome> {
  const key = `${redisPrefix}:resend-confirmation:${id}`;
  if ((await redis.set(key, '1', 'EX', RESEND_INTERVAL_SECONDS, 'NX')) !== 'OK') return { kind: 'too-soon', seconds: Math.max(1, await redis.ttl(key)) };
  let outcome: ResendOutcome;
  try {
    outcome = await inTransaction<ResendOutcome, ResendOutcome>(db, async (trx, refuse) => {
      const { rows } = await sql<{ order_number: string; status: OrderState['status']; payment_status: OrderState['paymentStatus'] }>`select order_number, status, payment_status from orders where id = ${id} for update`.execute(trx);
      const order = rows[0];
      if (!order) return refuse({ kind: 'not-found' });
      const may = mayOwner({ status: order.status, paymentStatus: order.payment_status }, 'resend-confirmation');
      if (!may.allowed) return refuse({ kind: 'refused', reason: may.reason });
      await writeShopperUpdate(trx, { orderId: id, kind: 'confirmation-resent', dedupeKey: randomUUID() });
      return { kind: 'resent', orderNumber: order.order_number };
    });
  } catch (error) {
    await redis.del(key).catch(() => undefined);
    throw error;
  }
  if (outcome.kind !== 'resent') await redis.del(key).catch(() => undefined);
  return outcome;
}
