import type { RequestHandler } from 'express';
import { ConflictError, HttpError, InvalidError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { paiseToRupees, phoneOrderPayloadSchema, type OrderPaymentLink, type PaymentLinkResponse } from '@pickles/shared';
import { withCheckedAddress } from '@pickles/checkout/place-order';
import { cancelPaymentLink, sendPaymentLink, takePhoneOrder, type LinkOrder, type PaymentLinkDeps } from '../domain/payment-links.js';
import { isUuid } from './parse.js';

export type { PaymentLinkDeps };

/** One New-order form submission sends one key; a retry or double click repeats it. */
const REQUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{8,90}$/;

const NOT_CONFIGURED = 'Payment links are not configured on this shop';

function respond(order: LinkOrder, link: OrderPaymentLink, created: boolean): PaymentLinkResponse {
  return {
    success: true,
    _id: order.id,
    orderId: order.orderNumber,
    amount: paiseToRupees(order.amountPaise),
    ...(order.discountCode ? { discount: { code: order.discountCode, amount: paiseToRupees(order.discountPaise) } } : {}),
    paymentLink: link,
    created,
  };
}

/**
 * POST /api/admin/phone-orders: an order the owner takes by phone or WhatsApp (takePhoneOrder). The
 * Idempotency-Key makes a repeat answer the same order and link (200), sending nothing again.
 */
export function createPhoneOrderHandler(deps: PaymentLinkDeps | undefined): RequestHandler {
  return async (req, res) => {
    if (!deps) throw new HttpError(503, NOT_CONFIGURED);
    const key = req.header('idempotency-key');
    if (key === undefined || !REQUEST_KEY_PATTERN.test(key)) throw new InvalidError('Idempotency-Key must be 8-90 letters, digits, - or _');
    const payload = withCheckedAddress(parseOrThrow(phoneOrderPayloadSchema, req.body));
    const answer = await takePhoneOrder(deps, {
      payload,
      checkoutKey: `phone-${key}`,
      log: req.log,
      onPlaced: (placed) => (req.log = req.log.child({ orderId: placed.id, orderNumber: placed.orderNumber })),
    });
    if (answer.kind === 'not-found') throw new NotFoundError('Order not found');
    res.status(answer.created ? 201 : 200).json(respond(answer.order, answer.link, answer.created));
  };
}

/** The order id an order page's link action names, once payment links are configured: 503, 404 otherwise. */
function linkOrderId(deps: PaymentLinkDeps | undefined, id: unknown): { deps: PaymentLinkDeps; id: string } {
  if (!deps) throw new HttpError(503, NOT_CONFIGURED);
  if (!isUuid(id)) throw new NotFoundError('Order not found');
  return { deps, id };
}

/** POST /api/admin/orders/{id}/payment-link: "Send a payment link" (sendPaymentLink); an open link is answered again. */
export function sendPaymentLinkHandler(maybeDeps: PaymentLinkDeps | undefined): RequestHandler {
  return async (req, res) => {
    const { deps, id } = linkOrderId(maybeDeps, req.params.id);
    const answer = await sendPaymentLink(deps, id, req.log);
    if (answer.kind === 'not-found') throw new NotFoundError('Order not found');
    if (answer.kind === 'refused') throw new ConflictError(answer.reason);
    res.json(respond(answer.order, answer.link, answer.created));
  };
}

/** POST /api/admin/orders/{id}/payment-link/cancel: "Cancel link" (cancelPaymentLink); 409 when the link closed meanwhile. */
export function cancelPaymentLinkHandler(maybeDeps: PaymentLinkDeps | undefined): RequestHandler {
  return async (req, res) => {
    const { deps, id } = linkOrderId(maybeDeps, req.params.id);
    const answer = await cancelPaymentLink(deps, id);
    if (answer.kind === 'not-found') throw new NotFoundError('Order not found');
    if (answer.kind === 'refused') throw new ConflictError(answer.reason);
    if (answer.kind === 'closed') throw new ConflictError(`The payment link is already ${answer.status}`);
    req.log.info({ orderId: id, orderNumber: answer.order.orderNumber, paymentLinkId: answer.link.id }, 'payment link cancelled');
    res.json(respond(answer.order, answer.link, false));
  };
}
