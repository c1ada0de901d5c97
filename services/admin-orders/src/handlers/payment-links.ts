import type { RequestHandler } from 'express';
import type { Db } from '@pickles/db';
import { ConflictError, HttpError, InvalidError, NotFoundError, parseOrThrow, UpstreamError, type Logger } from '@pickles/service-kit';
import { mayOwner, paiseToRupees, phoneOrderPayloadSchema, type OrderPaymentLink, type OrderState, type PaymentLinkResponse } from '@pickles/shared';
import { placeNewOrder, priceFromCatalogue, withCheckedAddress } from '@pickles/checkout/place-order';
import { RazorpayError, type RazorpayClient, type RazorpayPaymentLink } from '@pickles/razorpay-client';
import { writeShopperUpdate } from '../db/shopper-updates.js';
import { isUuid } from './parse.js';

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

/** One New-order form submission sends one key; a retry or double click repeats it. */
const REQUEST_KEY_PATTERN = /^[A-Za-z0-9_-]{8,90}$/;

/** The order as its payment link sees it. */
interface LinkOrder extends OrderState {
  id: string;
  orderNumber: string;
  amountPaise: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  discountCode: string | null;
  discountPaise: number;
  link: OrderPaymentLink | null;
  linkCount: number;
}

async function readLinkOrder(db: Db, id: string): Promise<LinkOrder | undefined> {
  const row = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'amount_paise',
      'status',
      'payment_status',
      'customer_name',
      'customer_email',
      'customer_phone',
      'discount_code',
      'discount_paise',
      'payment_link_id',
      'payment_link_url',
      'payment_link_status',
      'payment_link_expires_at',
      'payment_link_sent_at',
      'payment_link_count',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    orderNumber: row.order_number,
    amountPaise: row.amount_paise,
    status: row.status as OrderState['status'],
    paymentStatus: row.payment_status as OrderState['paymentStatus'],
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    discountCode: row.discount_code,
    discountPaise: row.discount_paise,
    link:
      row.payment_link_id && row.payment_link_url && row.payment_link_status
        ? {
            id: row.payment_link_id,
            url: row.payment_link_url,
            status: row.payment_link_status,
            expiresAt: row.payment_link_expires_at?.toISOString() ?? null,
            sentAt: row.payment_link_sent_at?.toISOString() ?? null,
          }
        : null,
    linkCount: row.payment_link_count,
  };
}

/** A link still taking payments: answered again rather than replaced. */
function isOpen(link: OrderPaymentLink | null, now: Date): link is OrderPaymentLink {
  return link !== null && link.status === 'created' && (link.expiresAt === null || new Date(link.expiresAt) > now);
}

/** Razorpay's reference of the order's `count`-th link: the order number, then `<number>-2`, `-3`... (unique per account). */
export function linkReference(orderNumber: string, count: number): string {
  return count === 0 ? orderNumber : `${orderNumber}-${count + 1}`;
}

/**
 * Makes the order's next payment link at Razorpay (safe to repeat: the same reference answers the
 * same link) and stores it on the order with the e-mail that sends it, in one transaction, only if no
 * other request stored a link meanwhile; answers the order's link as it then is, and whether this
 * request made it. No transaction is open while Razorpay answers.
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
  const stored = await deps.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('orders')
      .set({
        payment_link_id: made.id,
        payment_link_url: made.short_url,
        payment_link_status: toLinkStatus(made.status),
        payment_link_expires_at: made.expire_by ? new Date(made.expire_by * 1000) : null,
        payment_link_sent_at: now,
        payment_link_count: order.linkCount + 1,
        updated_at: now,
      })
      .where('id', '=', order.id)
      .where('payment_link_count', '=', order.linkCount)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await writeShopperUpdate(trx, { orderId: order.id, kind: 'payment-link', dedupeKey: made.id });
    return true;
  });
  const after = await readLinkOrder(deps.db, order.id);
  if (!after?.link) throw new Error(`order ${order.id} has no payment link after storing one`);
  log.info({ orderId: order.id, orderNumber: order.orderNumber, paymentLinkId: after.link.id, created: stored }, stored ? 'payment link e-mailed' : 'payment link stored meanwhile');
  return { link: after.link, created: stored };
}

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
 * POST /api/admin/phone-orders: an order the owner takes by phone or WhatsApp. Priced by the server
 * from the catalogue and the discount code, placed as the storefront places an order (payment
 * pending, jars reserved, a Razorpay order), then its payment link is made and e-mailed. The
 * Idempotency-Key makes a repeat answer the same order and link, sending nothing again.
 */
export function createPhoneOrderHandler(deps: PaymentLinkDeps | undefined): RequestHandler {
  return async (req, res) => {
    if (!deps) throw new HttpError(503, 'Payment links are not configured on this shop');
    const key = req.header('idempotency-key');
    if (key === undefined || !REQUEST_KEY_PATTERN.test(key)) throw new InvalidError('Idempotency-Key must be 8-90 letters, digits, - or _');
    const payload = withCheckedAddress(parseOrThrow(phoneOrderPayloadSchema, req.body));
    const priced = await priceFromCatalogue(deps.db, payload);
    const placed = await placeNewOrder({ db: deps.db, razorpay: deps.razorpay, sellerPincode: deps.sellerPincode }, { payload, priced, checkoutKey: `phone-${key}`, log: req.log });
    req.log = req.log.child({ orderId: placed.id, orderNumber: placed.orderNumber });
    const order = await readLinkOrder(deps.db, placed.id);
    if (!order) throw new NotFoundError('Order not found');
    const { link, created } = order.link ? { link: order.link, created: false } : await issueLink(deps, order, req.log);
    res.status(created ? 201 : 200).json(respond(order, link, created));
  };
}

/** The order an order page's link action names, once payment links are configured: 503, 404 otherwise. */
async function linkOrderOf(deps: PaymentLinkDeps | undefined, id: unknown): Promise<{ deps: PaymentLinkDeps; order: LinkOrder }> {
  if (!deps) throw new HttpError(503, 'Payment links are not configured on this shop');
  const order = isUuid(id) ? await readLinkOrder(deps.db, id) : undefined;
  if (!order) throw new NotFoundError('Order not found');
  return { deps, order };
}

/**
 * POST /api/admin/orders/{id}/payment-link: a payment link for an order nobody has paid (its
 * payment failed, or its link expired), for the order's total as stored. Whether the owner may is
 * the lifecycle's (mayOwner 'send-payment-link'). A link still open is answered again, not replaced.
 */
export function sendPaymentLinkHandler(maybeDeps: PaymentLinkDeps | undefined): RequestHandler {
  return async (req, res) => {
    const { deps, order } = await linkOrderOf(maybeDeps, req.params.id);
    const may = mayOwner(order, 'send-payment-link');
    if (!may.allowed) throw new ConflictError(may.reason);
    if (isOpen(order.link, new Date())) {
      res.json(respond(order, order.link, false));
      return;
    }
    const { link, created } = await issueLink(deps, order, req.log);
    res.json(respond(order, link, created));
  };
}

/**
 * POST /api/admin/orders/{id}/payment-link/cancel: the order's open link stops taking payments
 * (Razorpay cancels it; a link already cancelled is not an error). Allowed while the link is open
 * (mayOwner 'cancel-payment-link'); the order stays unpaid, and "Send a payment link" may follow. A
 * link Razorpay says was paid or expired meanwhile is recorded as such and refused (409).
 */
export function cancelPaymentLinkHandler(maybeDeps: PaymentLinkDeps | undefined): RequestHandler {
  return async (req, res) => {
    const { deps, order } = await linkOrderOf(maybeDeps, req.params.id);
    const may = mayOwner({ ...order, paymentLinkStatus: order.link?.status ?? null }, 'cancel-payment-link');
    if (!may.allowed || !order.link) throw new ConflictError(may.allowed ? 'This order has no payment link' : may.reason);
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
    await deps.db.updateTable('orders').set({ payment_link_status: status, updated_at: new Date() }).where('id', '=', order.id).where('payment_link_id', '=', linkId).where('payment_link_status', '=', 'created').execute();
    const after = await readLinkOrder(deps.db, order.id);
    if (!after?.link) throw new NotFoundError('Order not found');
    if (status !== 'cancelled') throw new ConflictError(`The payment link is already ${status}`);
    req.log.info({ orderId: order.id, orderNumber: order.orderNumber, paymentLinkId: linkId }, 'payment link cancelled');
    res.json(respond(after, after.link, false));
  };
}

/** Razorpay's link statuses as the order keeps them (a partly paid link, which the shop never makes, counts as open). */
function toLinkStatus(status: RazorpayPaymentLink['status']): OrderPaymentLink['status'] {
  return status === 'paid' || status === 'expired' || status === 'cancelled' ? status : 'created';
}
