import type { Db } from '@pickles/db';
import { ConflictError, HttpError, UpstreamError, type Logger } from '@pickles/service-kit';
import { mayOwner, type OrderPaymentLink, type PhoneOrderPayload } from '@pickles/shared';
import { placeNewOrder, priceFromCatalogue } from '@pickles/checkout/place-order';
import { RazorpayError, type RazorpayClient, type RazorpayPaymentLink } from '@pickles/razorpay-client';
import { readLinkOrder, recordLinkStatus, storeLink, type LinkOrder } from '../db/payment-links.js';

export type { LinkOrder };

/** What the owner's payment links need (decision 032). */
export interface PaymentLinkDeps {
  db: Db;
  razorpay: Pick<RazorpayClient, 'keyId' | 'createOrder' | 'createPaymentLink' | 'cancelPaymentLink' | 'fetchPaymentLink'>;
  /** The shop's public address: Razorpay sends the paying shopper back to its callback there. */
  shopUrl: string;
  /** How long a link takes payments (PAYMENT_LINK_EXPIRY_HOURS). */
  expiryHours: number;
  /** Where parcels leave from (SELLER_PINCODE); the environment's when absent. */
  sellerPincode?: string;
}

/** The order's link as the owner's action left it, and whether this request made it. */
export type LinkAnswer = { kind: 'link'; order: LinkOrder; link: OrderPaymentLink; created: boolean };

/** A link still taking payments: answered again rather than replaced. */
function isOpen(link: OrderPaymentLink | null, now: Date): link is OrderPaymentLink {
  return link !== null && link.status === 'created' && (link.expiresAt === null || new Date(link.expiresAt) > now);
}

/** Razorpay's reference of the order's `count`-th link: the order number, then `<number>-2`, `-3`... (unique per account). */
export function linkReference(orderNumber: string, count: number): string {
  return count === 0 ? orderNumber : `${orderNumber}-${count + 1}`;
}

/** Razorpay's link statuses as the order keeps them (a partly paid link, which the shop never makes, counts as open). */
function toLinkStatus(status: RazorpayPaymentLink['status']): OrderPaymentLink['status'] {
  return status === 'paid' || status === 'expired' || status === 'cancelled' ? status : 'created';
}

/**
 * Makes the order's next payment link at Razorpay (safe to repeat: the same reference answers the
 * same link) and stores it on the order with the e-mail that sends it, in one transaction, only if no
 * other request stored a link meanwhile; answers the order's link as it then is, and whether this
 * request made it. No transaction is open while Razorpay answers. Razorpay's failures are thrown as
 * service-kit errors (409, 502), as checkout's Razorpay order's are.
 */
async function issueLink(deps: PaymentLinkDeps, order: LinkOrder, log: Logger): Promise<{ link: OrderPaymentLink; created: boolean }> {
  const now = new Date();
  let made: RazorpayPaymentLink;
  try {
    made = await deps.razorpay.createPaymentLink({
      amountPaise: order.amountPaise,
      referenceId: linkReference(order.orderNumber, order.linkCount),
      description: `Royal Pickles order ${order.orderNumber}`,
      customer: { name: order.customerName.slice(0, 100), email: order.customerEmail, contact: `+91${order.customerPhone}` },
      callbackUrl: new URL('/api/payment/link-callback', deps.shopUrl).toString(),
      expireBy: new Date(now.getTime() + deps.expiryHours * 3600_000),
      // The link's payment carries these: payments settles it on this order (decision 032).
      notes: { shop_order_id: order.id, order_number: order.orderNumber, payment_link_for: order.id },
    });
  } catch (error) {
    if (error instanceof RazorpayError) {
      log.error({ orderId: order.id, orderNumber: order.orderNumber, kind: error.kind, code: error.code }, 'payment link creation failed');
      if (error.kind === 'conflict') throw new ConflictError('Razorpay already has a link for this order with another amount. Please look at the order page.');
      throw new UpstreamError('We could not reach Razorpay to make the payment link. Please try again in a moment.');
    }
    throw error;
  }
  if (made.amount !== order.amountPaise) throw new HttpError(502, 'Razorpay answered with a link for a different amount');
  const stored = await storeLink(deps.db, order.id, order.linkCount, {
    id: made.id,
    url: made.short_url,
    status: toLinkStatus(made.status),
    expiresAt: made.expire_by ? new Date(made.expire_by * 1000) : null,
    sentAt: now,
  });
  const after = await readLinkOrder(deps.db, order.id);
  if (!after?.link) throw new Error(`order ${order.id} has no payment link after storing one`);
  log.info({ orderId: order.id, orderNumber: order.orderNumber, paymentLinkId: after.link.id, created: stored }, stored ? 'payment link e-mailed' : 'payment link stored meanwhile');
  return { link: after.link, created: stored };
}

/**
 * An order the owner takes by phone or WhatsApp: priced by the server from the catalogue and the
 * discount code, placed as the storefront places an order (checkout's placeNewOrder: payment
 * pending, jars reserved, a Razorpay order), then its payment link made and e-mailed. The same
 * checkout key answers the same order and link, sending nothing again.
 */
export async function takePhoneOrder(
  deps: PaymentLinkDeps,
  { payload, checkoutKey, log, onPlaced }: { payload: PhoneOrderPayload; checkoutKey: string; log: Logger; /** The request's logger from here on, naming the order. */ onPlaced: (placed: { id: string; orderNumber: string }) => Logger },
): Promise<LinkAnswer | { kind: 'not-found' }> {
  const priced = await priceFromCatalogue(deps.db, payload);
  const placed = await placeNewOrder({ db: deps.db, razorpay: deps.razorpay, sellerPincode: deps.sellerPincode }, { payload, priced, checkoutKey, log });
  const orderLog = onPlaced(placed);
  const order = await readLinkOrder(deps.db, placed.id);
  if (!order) return { kind: 'not-found' };
  const { link, created } = order.link ? { link: order.link, created: false } : await issueLink(deps, order, orderLog);
  return { kind: 'link', order, link, created };
}

/**
 * A payment link for an order nobody has paid (its payment failed, or its link expired), for the
 * order's total as stored. Whether the owner may is the lifecycle's (mayOwner 'send-payment-link').
 * A link still open is answered again, not replaced.
 */
export async function sendPaymentLink(deps: PaymentLinkDeps, orderId: string, log: Logger): Promise<LinkAnswer | { kind: 'not-found' } | { kind: 'refused'; reason: string }> {
  const order = await readLinkOrder(deps.db, orderId);
  if (!order) return { kind: 'not-found' };
  const may = mayOwner(order, 'send-payment-link');
  if (!may.allowed) return { kind: 'refused', reason: may.reason };
  if (isOpen(order.link, new Date())) return { kind: 'link', order, link: order.link, created: false };
  const { link, created } = await issueLink(deps, order, log);
  return { kind: 'link', order, link, created };
}

/**
 * The order's open link stops taking payments (Razorpay cancels it; a link already cancelled is not
 * an error). Allowed while the link is open (mayOwner 'cancel-payment-link'); the order stays unpaid.
 * A link Razorpay says was paid or expired meanwhile is recorded as such and refused (`closed`).
 * Razorpay not answering is thrown (502): nothing changed.
 */
export async function cancelPaymentLink(
  deps: PaymentLinkDeps,
  orderId: string,
): Promise<LinkAnswer | { kind: 'not-found' } | { kind: 'refused'; reason: string } | { kind: 'closed'; status: OrderPaymentLink['status'] }> {
  const order = await readLinkOrder(deps.db, orderId);
  if (!order) return { kind: 'not-found' };
  const may = mayOwner({ ...order, paymentLinkStatus: order.link?.status ?? null }, 'cancel-payment-link');
  if (!may.allowed || !order.link) return { kind: 'refused', reason: may.allowed ? 'This order has no payment link' : may.reason };
  const linkId = order.link.id;
  let status: OrderPaymentLink['status'];
  try {
    status = toLinkStatus((await deps.razorpay.cancelPaymentLink(linkId)).status);
  } catch (error) {
    if (!(error instanceof RazorpayError)) throw error;
    if (error.kind !== 'invalid_request') throw new UpstreamError('We could not reach Razorpay to cancel the link. Please try again in a moment.');
    // Paid or expired meanwhile: Razorpay's word is recorded, and the owner told.
    status = toLinkStatus((await deps.razorpay.fetchPaymentLink(linkId)).status);
  }
  await recordLinkStatus(deps.db, order.id, linkId, status, new Date());
  const after = await readLinkOrder(deps.db, order.id);
  if (!after?.link) return { kind: 'not-found' };
  if (status !== 'cancelled') return { kind: 'closed', status };
  return { kind: 'link', order: after, link: after.link, created: false };
}
