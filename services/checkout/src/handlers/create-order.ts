import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { InvalidError, parseOrThrow } from '@pickles/service-kit';
import { createOrderPayloadSchema, promiseDelivery, UNKNOWN_ZONE, type CreateOrderResponse } from '@pickles/shared';
import { sellerProfileFromEnv } from '@pickles/shared/seller-profile';
import { withCheckedAddress } from '../domain/check-address.js';
import { createOrder, type CreateOrderDeps, type PlacedOrder } from '../domain/create-order.js';
import type { JarHoldLimits, JarHolds } from '../jar-holds.js';

export type { CreateOrderDeps };

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

function respond(order: PlacedOrder, keyId: string, paymentWindowSeconds: number): CreateOrderResponse {
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
    const rawKey = req.header('idempotency-key');
    if (rawKey !== undefined && !CHECKOUT_KEY_PATTERN.test(rawKey)) {
      throw new InvalidError('Idempotency-Key must be 8-100 letters, digits, - or _');
    }
    const checkoutKey = rawKey ?? null;

    const { customerInfo } = payload;
    const order = await createOrder({ db, razorpay, sellerPincode }, { payload, checkoutKey, log: req.log, holdJars: (jars) => jarHolds.take({ client: req.ip ?? 'unknown', email: customerInfo.email, phone: customerInfo.phone }, jars) });
    // Every line about this request from here on (the error handler's too) names the order.
    req.log = req.log.child({ orderId: order.id, orderNumber: order.orderNumber });
    const response = respond(order, razorpay.keyId, paymentWindowSeconds);
    req.log.info({ razorpayOrderId: order.razorpayOrderId }, 'order created');
    res.status(201).json(response);
  };
}
