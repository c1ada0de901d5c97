import express, { type RequestHandler } from 'express';
import { sql } from '@pickles/db';
import { InvalidError } from '@pickles/service-kit';
import { parseWebhookEvent, type RazorpayPayment } from '@pickles/razorpay-client';
import type { PaymentsDeps } from '../deps.js';
import { lockOrderByRazorpayOrderId } from '../db/orders.js';
import { markOrderFailed, markOrderPaid, type PaymentFacts } from '../db/payment-state.js';

/** The webhook needs the exact bytes Razorpay signed, so this route reads its body raw. */
export const rawWebhookBody = express.raw({ type: () => true, limit: '512kb' });

function paymentFacts(payment: RazorpayPayment): PaymentFacts {
  return {
    razorpayPaymentId: payment.id,
    amountPaise: payment.amount,
    method: payment.method ?? null,
    status: payment.status,
    errorCode: payment.error_code,
    errorDescription: payment.error_description,
  };
}

/**
 * POST /api/payment/webhook: Razorpay's server-to-server events. Verified against the raw body with
 * the webhook secret (HMAC-SHA256, constant time); de-duplicated by X-Razorpay-Event-Id in the same
 * transaction as the state change; correct in any order and any number of times. Answers 200 fast:
 * the work is a few row updates.
 */
export function webhookHandler({ db, razorpay, relay }: PaymentsDeps): RequestHandler {
  return async (req, res) => {
    const raw: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!razorpay.isValidWebhookSignature(raw, req.header('x-razorpay-signature'))) {
      req.log.warn('webhook signature mismatch');
      throw new InvalidError('Invalid webhook signature');
    }
    let event;
    try {
      event = parseWebhookEvent(raw);
    } catch {
      throw new InvalidError('Malformed webhook body');
    }
    const eventId = req.header('x-razorpay-event-id') ?? `${event.event}:${event.payload.payment?.entity.id ?? ''}:${event.created_at}`;
    const payment = event.payload.payment?.entity;
    const razorpayOrderId = payment?.order_id ?? event.payload.order?.entity.id;

    const outcome = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('processed_webhook_events')
        .values({ event_id: eventId.slice(0, 200), event_type: event.event })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!inserted) return 'duplicate' as const;
      if (!razorpayOrderId || !payment) return 'ignored' as const;
      const order = await lockOrderByRazorpayOrderId(trx, razorpayOrderId);
      if (!order) return 'unknown-order' as const;
      switch (event.event) {
        case 'payment.captured':
        case 'order.paid': {
          if (payment.amount !== order.amountPaise) {
            req.log.error({ orderId: order.id, eventId }, 'captured amount differs from the order amount; left for manual review');
            return 'amount-mismatch' as const;
          }
          const { changed } = await markOrderPaid(trx, order, paymentFacts(payment), 'webhook');
          return changed ? ('paid' as const) : ('already-paid' as const);
        }
        case 'payment.failed': {
          const reason = payment.error_description ?? payment.error_reason ?? 'Payment failed';
          const { changed } = await markOrderFailed(trx, order, { payment: paymentFacts(payment), reason }, 'webhook');
          return changed ? ('failed' as const) : ('unchanged' as const);
        }
        default:
          // payment.authorized and refunds: nothing to settle here; the reconciler captures an
          // authorised payment that Razorpay did not capture on its own.
          await trx.updateTable('orders').set({ next_reconcile_at: sql`now()` }).where('id', '=', order.id).where('payment_status', '!=', 'paid').execute();
          return 'recorded' as const;
      }
    });
    if (outcome === 'paid') relay.nudge();
    req.log.info({ eventId, event: event.event, outcome }, 'webhook processed');
    res.json({ success: true, outcome });
  };
}
