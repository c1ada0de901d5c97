import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { discountShopper, readDiscountTerms, readProducts, releaseDiscountUse, reserveDiscountUse, stockShortfalls, type Db } from '@pickles/db';
import { ConflictError, HttpError, InvalidError, parseOrThrow, UpstreamError } from '@pickles/service-kit';
import { createOrderPayloadSchema, promiseDelivery, UNKNOWN_ZONE, type CreateOrderPayload, type CreateOrderResponse } from '@pickles/shared';
import { sellerProfileFromEnv } from '@pickles/shared/seller-profile';
import { deliveryZone } from '@pickles/pincodes';
import { RazorpayError, type RazorpayClient } from '@pickles/razorpay-client';
import { newOrderNumber } from '../domain/order-number.js';
import { DiscountRefusedError, priceOrder, PricingError, type PricedOrder, type PricingRequest } from '../domain/price-order.js';
import { withCheckedAddress } from '../domain/check-address.js';
import { findOrderByCheckoutKey, lookBeforeCheckout, placeOrder, recordRazorpayOrderId, type StoredOrder } from '../db/orders.js';
import { stockRefusal } from '../domain/stock-refusal.js';
import type { JarHoldLimits, JarHolds } from '../jar-holds.js';

export interface CreateOrderDeps {
  db: Db;
  razorpay: Pick<RazorpayClient, 'keyId' | 'createOrder'>;
  logger: Logger;
  /** Where parcels leave from (SELLER_PINCODE): the order's delivery zone is its pincode's distance from it. */
  sellerPincode?: string;
}

/** What create-order needs besides its dependencies: the caps on jars held and the payment window it tells the SPA. */
export interface CreateOrderOptions {
  jarHolds: JarHolds;
  /** PAYMENT_WINDOW_MINUTES, as seconds: Razorpay Checkout's `timeout` in the SPA. */
  paymentWindowSeconds: number;
}

export interface CheckoutLimits {
  redis: Redis;
  prefix: string;
  perClientPerMinute: number;
  perEmailPerHour: number;
  /** DISCOUNT_CHECK_LIMIT_PER_CLIENT (the table's default when absent). */
  discountChecksPerClientPerMinute?: number;
  /** The caps on jars held unpaid and the hold they last (jar-holds.ts); the environment's defaults when absent. */
  heldJars?: Partial<JarHoldLimits>;
  /** PAYMENT_WINDOW_MINUTES (10 when absent). */
  paymentWindowMinutes?: number;
}

/** One checkout attempt in the SPA sends one key; retries and double clicks repeat it. */
const CHECKOUT_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

function respond(order: StoredOrder & { razorpayOrderId: string }, keyId: string, paymentWindowSeconds: number): CreateOrderResponse {
  return {
    success: true,
    keyId,
    amount: order.amountPaise,
    currency: 'INR',
    razorpayOrderId: order.razorpayOrderId,
    orderId: order.orderNumber,
    paymentWindowSeconds,
    deliveryPromise: promiseDelivery(order.deliveryZone ?? UNKNOWN_ZONE, order.createdAt),
  };
}

/**
 * POST /api/payment/create-order: validates and prices from the catalogue as it is now; answers a retried
 * checkout (the same Idempotency-Key) with the order it made, and refuses a cart the batch cannot
 * supply (409) before anything is created; then creates the Razorpay order and stores the order with
 * it, its batch jars reserved, in one statement (decision 015). No transaction or pool connection is
 * held while Razorpay answers (decision 009). When Razorpay fails nothing is stored and the shopper
 * tries again; when the statement refuses the order after Razorpay answered (the last jars went to
 * someone else meanwhile, or a double click's twin was stored first), the Razorpay order is left
 * unpaid: nobody is ever shown it. A new order's jars count against the caps on jars one client,
 * e-mail and phone may hold unpaid (jar-holds.ts) before Razorpay is asked, and go back when the
 * order is not placed after all.
 */
export function createOrderHandler({ db, razorpay, sellerPincode = sellerProfileFromEnv(process.env).address.pincode }: CreateOrderDeps, { jarHolds, paymentWindowSeconds }: CreateOrderOptions): RequestHandler {
  return async (req, res) => {
    // A pincode India Post has, in the state typed; the state stored by its canonical name.
    const payload = withCheckedAddress(parseOrThrow(createOrderPayloadSchema, req.body));
    const priced = await priceFromCatalogue(db, payload);
    const rawKey = req.header('idempotency-key');
    if (rawKey !== undefined && !CHECKOUT_KEY_PATTERN.test(rawKey)) {
      throw new InvalidError('Idempotency-Key must be 8-100 letters, digits, - or _');
    }
    const checkoutKey = rawKey ?? null;

    const { customerInfo } = payload;
    const order = await placeNewOrder({ db, razorpay, sellerPincode }, { payload, priced, checkoutKey, log: req.log, holdJars: (jars) => jarHolds.take({ client: req.ip ?? 'unknown', email: customerInfo.email, phone: customerInfo.phone }, jars) });
    // Every line about this request from here on (the error handler's too) names the order.
    req.log = req.log.child({ orderId: order.id, orderNumber: order.orderNumber });
    const response = respond(order, razorpay.keyId, paymentWindowSeconds);
    req.log.info({ razorpayOrderId: order.razorpayOrderId }, 'order created');
    res.status(201).json(response);
  };
}

/** What placeNewOrder places: the order as asked for and as the server priced it. */
export interface NewOrderInput {
  payload: Pick<CreateOrderPayload, 'customerInfo' | 'deliveryAddress'>;
  priced: PricedOrder;
  /** A repeated request's key (the SPA's Idempotency-Key): the same key answers with the order it made. */
  checkoutKey: string | null;
  log: Logger;
  /** Counts the order's jars against the caps on jars held unpaid (the storefront's); gives them back when called. */
  holdJars?: (jars: number) => Promise<() => Promise<void>>;
}

/**
 * The one way an order is placed, for the storefront's checkout and the owner's phone orders
 * (decision 032): a repeated key is answered with the order it made; a cart the batch cannot supply
 * is refused (409) before anything is created; the discount code's use is reserved; then the
 * Razorpay order is created and the order stored with it, its batch jars reserved, in one statement
 * (decision 015). No transaction or pool connection is held while Razorpay answers (decision 009).
 */
export async function placeNewOrder(
  { db, razorpay, sellerPincode = sellerProfileFromEnv(process.env).address.pincode }: Pick<CreateOrderDeps, 'db' | 'razorpay' | 'sellerPincode'>,
  { payload, priced, checkoutKey, log, holdJars }: NewOrderInput,
): Promise<StoredOrder & { razorpayOrderId: string }> {
  const before = await lookBeforeCheckout(db, checkoutKey, priced.lines);
  let order = before.earlier && sameCheckout(before.earlier, payload, priced);
  if (!order) {
    if (before.shortfalls.length) throw new ConflictError(stockRefusal(before.shortfalls));
    const jars = priced.lines.reduce((sum, line) => sum + line.quantity, 0);
    const { customerInfo } = payload;
    const giveBackJars = holdJars ? await holdJars(jars) : async () => undefined;
    const id = randomUUID();
    let reservedUse = false;
    const giveBack = async () => {
      await giveBackJars();
      if (reservedUse) await releaseDiscountUse(db, id);
    };
    try {
      const now = new Date();
      if (priced.discount) {
        // The code's use is reserved before Razorpay is asked, under the code's row lock (decision 028).
        const reserved = await reserveDiscountUse(db, {
          orderId: id,
          code: priced.discount.code,
          shopper: discountShopper(customerInfo.email, customerInfo.phone),
          order: { linesPaise: priced.lines.map((line) => line.lineTotalPaise), shippingPaise: priced.shippingPaise },
          expectedDiscountPaise: priced.discount.discountPaise,
          now,
        });
        if (!reserved.ok) throw discountRefused(reserved.refusal.message);
        reservedUse = true;
      }
      const orderNumber = newOrderNumber(now);
      const razorpayOrderId = await createRazorpayOrder(razorpay, { id, orderNumber, amountPaise: priced.totalPaise }, log);
      // The delivery promise is made now, for this pincode: every later message counts from it.
      const zone = deliveryZone(payload.deliveryAddress.pincode, sellerPincode) ?? UNKNOWN_ZONE;
      const placing = await placeOrder(db, { id, orderNumber, razorpayOrderId, checkoutKey, payload, priced, deliveryZone: zone, now });
      if (!placing.placed) await giveBack();
      order = placing.placed ?? (await placedMeanwhile(db, checkoutKey, payload, priced, placing.jarsAvailable));
    } catch (error) {
      await giveBack();
      throw error;
    }
  }
  // An order stored without its Razorpay order (by an earlier version of the shop) gets one now.
  const razorpayOrderId = order.razorpayOrderId ?? (await recordRazorpayOrderId(db, order.id, await createRazorpayOrder(razorpay, order, log)));
  return { ...order, razorpayOrderId };
}

/**
 * Prices an order from the catalogue and the discount code's terms as they are now (priceOrder):
 * an unknown or archived product, or a price the browser showed that is not ours, is a 400; a code
 * the order cannot use a 409 beside the code's field.
 */
export async function priceFromCatalogue(db: Db, payload: PricingRequest): Promise<PricedOrder> {
  try {
    const [products, terms] = await Promise.all([
      readProducts(db, payload.items.map((item) => item.itemId)),
      payload.discountCode === undefined ? undefined : readDiscountTerms(db, payload.discountCode),
    ]);
    return priceOrder(payload, products, { terms, now: new Date() });
  } catch (error) {
    if (error instanceof PricingError) throw new InvalidError(error.message, error.fields);
    if (error instanceof DiscountRefusedError) throw discountRefused(error.refusal.message);
    throw error;
  }
}

/** A discount code this order cannot use, in the shopper's words, beside the code's field. */
function discountRefused(message: string): HttpError {
  return new HttpError(409, message, { discountCode: message });
}

/** The earlier order of this checkout key, when it is the same cart for the same shopper; a 409 otherwise. */
function sameCheckout(earlier: StoredOrder, payload: Pick<CreateOrderPayload, 'customerInfo'>, priced: PricedOrder): StoredOrder {
  if (earlier.amountPaise !== priced.totalPaise || earlier.customerEmail !== payload.customerInfo.email) {
    throw new ConflictError('This checkout attempt was already used for a different order. Please reload the page and try again.');
  }
  return earlier;
}

/**
 * The answer when the storing statement stored nothing: the checkout key's order, stored meanwhile
 * by a twin request (a double click), or the batch's refusal when its last jars went meanwhile.
 */
async function placedMeanwhile(db: Db, checkoutKey: string | null, payload: Pick<CreateOrderPayload, 'customerInfo'>, priced: PricedOrder, jarsAvailable: boolean): Promise<StoredOrder> {
  const earlier = checkoutKey ? await findOrderByCheckoutKey(db, checkoutKey) : undefined;
  if (earlier) return sameCheckout(earlier, payload, priced);
  if (!jarsAvailable) throw new ConflictError(stockRefusal(await stockShortfalls(db, priced.lines)));
  throw new Error('checkout key conflict without a row');
}

/**
 * Creates the order's Razorpay order (amount in paise, the order number as receipt, the shop's ids in
 * the notes) and checks the amount it answers with.
 */
async function createRazorpayOrder(razorpay: CreateOrderDeps['razorpay'], order: { id: string; orderNumber: string; amountPaise: number }, log: Logger): Promise<string> {
  let razorpayOrder;
  try {
    razorpayOrder = await razorpay.createOrder({
      amountPaise: order.amountPaise,
      receipt: order.orderNumber,
      notes: { shop_order_id: order.id, order_number: order.orderNumber },
    });
  } catch (error) {
    if (error instanceof RazorpayError) {
      log.error({ orderId: order.id, orderNumber: order.orderNumber, kind: error.kind, code: error.code, statusCode: error.statusCode }, 'razorpay order creation failed');
      throw new UpstreamError(
        error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server'
          ? 'We could not reach the payment provider. Please try again in a moment.'
          : 'The payment provider could not create this order. Please try again later.',
      );
    }
    throw error;
  }
  if (razorpayOrder.amount !== order.amountPaise) throw new HttpError(502, 'The payment provider returned a different amount');
  return razorpayOrder.id;
}
