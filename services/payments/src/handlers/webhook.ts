import express, { type RequestHandler } from 'express';
import { InvalidError } from '@pickles/service-kit';
import type { PaymentObservation, WebhookResponse } from '@pickles/shared';
import { parseWebhookEvent, type RazorpayWebhookEvent } from '@pickles/razorpay-client';
import type { PaymentsDeps } from '../deps.js';
import { settleWebhook, type SettleRequest } from '../domain/settle-payment.js';
import { paymentFacts } from '../domain/razorpay-facts.js';
import { recordPaymentLinkStatus, settleRequestForLinkPayment } from '../domain/payment-links.js';
import { webhookEvents } from '../metrics.js';

/** The event label of a delivery whose body is not trusted (bad signature, unreadable): never a value from it. */
const UNTRUSTED_EVENT = 'unknown';

/** The webhook needs the exact bytes Razorpay signed, so this route reads its body raw. */
export const rawWebhookBody = express.raw({ type: () => true, limit: '512kb' });

/** What a webhook event tells the settle use case; undefined for events the shop does not act on. */
export function settleRequestFor(event: RazorpayWebhookEvent): SettleRequest | undefined {
  const payment = event.payload.payment?.entity;
  const refund = event.payload.refund?.entity;
  if (!payment) return undefined;
  const base = { razorpayOrderId: payment.order_id ?? event.payload.order?.entity.id ?? null, payment: paymentFacts(payment), source: 'webhook' as const };
  // The shop's own refunds carry their request's id in the notes (services/payments refund submitter).
  const refundFacts = refund && { razorpayRefundId: refund.id, razorpayPaymentId: payment.id, amountPaise: refund.amount, refundRequestId: refund.notes?.refund_request_id };
  let observation: PaymentObservation;
  switch (event.event) {
    // A paid payment link carries its captured payment (decision 032).
    case 'payment_link.paid':
    case 'payment.captured':
    case 'order.paid':
      observation = { kind: 'captured', paymentId: payment.id, amountPaise: payment.amount };
      break;
    case 'payment.authorized':
      observation = { kind: 'authorised', paymentId: payment.id, amountPaise: payment.amount };
      break;
    case 'payment.failed':
      observation = { kind: 'failed', paymentId: payment.id, reason: payment.error_description ?? payment.error_reason ?? 'Payment failed' };
      break;
    case 'refund.created':
      // Recorded as pending; the order changes on refund.processed.
      if (!refundFacts) return undefined;
      return { ...base, observation: { kind: 'refund-created', paymentId: payment.id, refundId: refund.id, refundPaise: refund.amount }, refund: { ...refundFacts, status: 'pending' } };
    case 'refund.processed':
      if (!refundFacts) return undefined;
      observation = {
        kind: 'refund-processed',
        paymentId: payment.id,
        refundId: refund.id,
        refundPaise: refund.amount,
        paymentAmountPaise: payment.amount,
      };
      return { ...base, observation, refund: { ...refundFacts, status: 'processed' } };
    case 'refund.failed':
      if (!refundFacts) return undefined;
      observation = { kind: 'refund-failed', paymentId: payment.id, refundId: refund.id, refundPaise: refund.amount };
      return { ...base, observation, refund: { ...refundFacts, status: 'failed' } };
    default:
      return undefined;
  }
  return { ...base, observation };
}

/**
 * POST /api/payment/webhook: Razorpay's server-to-server events. Verified against the raw body with
 * the webhook secret (HMAC-SHA256, constant time); de-duplicated by X-Razorpay-Event-Id in the same
 * statement or transaction as the state change, which the settle use case makes (settleWebhook); correct in any order and any
 * number of times. Money the shop cannot place is recorded as an attention item, never dropped.
 */
export function webhookHandler({ db, razorpay, relay }: PaymentsDeps): RequestHandler {
  return async (req, res) => {
    const raw: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!razorpay.isValidWebhookSignature(raw, req.header('x-razorpay-signature'))) {
      req.log.warn('webhook signature mismatch');
      webhookEvents.inc({ event: UNTRUSTED_EVENT, outcome: 'signature_invalid' });
      throw new InvalidError('Invalid webhook signature');
    }
    let event;
    try {
      event = parseWebhookEvent(raw);
    } catch (error) {
      // Signed by Razorpay but unusable: a 4xx or 5xx would only have Razorpay send it again for a
      // day. Said in the log (without the body), answered 2xx, nothing stored.
      req.log.warn({ reason: error instanceof Error ? error.message : 'unreadable' }, 'signed webhook the shop cannot use; acknowledged and ignored');
      webhookEvents.inc({ event: UNTRUSTED_EVENT, outcome: 'unusable' });
      res.json({ success: true, outcome: 'unusable' } satisfies WebhookResponse);
      return;
    }
    const header = req.header('x-razorpay-event-id');
    const eventId =
      header && /^[\w.:-]{1,200}$/.test(header) ? header : `${event.event}:${event.payload.refund?.entity.id ?? event.payload.payment?.entity.id ?? ''}:${event.created_at}`;
    // A payment on one of the owner's payment links is settled on the order the link was made for.
    const request = await settleRequestForLinkPayment(db, event, settleRequestFor(event));
    if (await recordPaymentLinkStatus(db, event)) req.log.info({ event: event.event, paymentLinkId: event.payload.payment_link?.entity.id }, 'payment link status recorded');
    req.log = req.log.child({ eventId, razorpayOrderId: request?.razorpayOrderId ?? undefined });

    let outcome;
    try {
      outcome = await settleWebhook(db, request, { eventId: eventId.slice(0, 200), eventType: event.event });
    } catch (error) {
      // Nothing was recorded: Razorpay retries the delivery.
      webhookEvents.inc({ event: event.event, outcome: 'error' });
      throw error;
    }
    webhookEvents.inc({ event: event.event, outcome: typeof outcome === 'string' ? outcome : 'processed' });
    if (typeof outcome !== 'string' && outcome.wroteEvents) relay.nudge();
    const summary =
      typeof outcome === 'string'
        ? outcome
        : outcome.attention
          ? `attention:${outcome.attention}`
          : outcome.found !== 'live'
            ? `${outcome.found}-order`
            : outcome.changed
              ? `${outcome.order?.status}/${outcome.order?.paymentStatus}`
              : 'unchanged';
    const order = typeof outcome === 'string' ? undefined : outcome.order;
    req.log.info({ event: event.event, outcome: summary, ...(order && { orderId: order.id, orderNumber: order.orderNumber }) }, 'webhook processed');
    res.json({ success: true, outcome: summary } satisfies WebhookResponse);
  };
}
