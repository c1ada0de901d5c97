import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { reserveJars, type Db } from '@pickles/db';
import { ConflictError, HttpError, InvalidError, parseOrThrow, UpstreamError } from '@pickles/service-kit';
import { createOrderPayloadSchema, type CreateOrderResponse } from '@pickles/shared';
import { RazorpayError, type RazorpayClient } from '@pickles/razorpay-client';
import { newOrderNumber } from '../domain/order-number.js';
import { priceOrder, PricingError } from '../domain/price-order.js';
import { withCheckedAddress } from '../domain/check-address.js';
import { findOrderByCheckoutKey, insertOrder, recordRazorpayOrderId, type StoredOrder } from '../db/orders.js';
import { stockRefusal } from '../domain/stock-refusal.js';

export interface CreateOrderDeps {
  db: Db;
  razorpay: Pick<RazorpayClient, 'keyId' | 'createOrder'>;
  logger: Logger;
}

export interface CheckoutLimits {
  redis: Redis;
  prefix: string;
  perClientPerMinute: number;
  perEmailPerHour: number;
}

/** One checkout attempt in the SPA sends one key; retries and double clicks repeat it. */
const CHECKOUT_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

function respond(order: StoredOrder & { razorpayOrderId: string }, keyId: string): CreateOrderResponse {
  return { success: true, keyId, amount: order.amountPaise, currency: 'INR', razorpayOrderId: order.razorpayOrderId, orderId: order.orderNumber };
}

/**
 * POST /api/payment/create-order: validates, prices from the catalogue, commits the order with its
 * batch jars reserved (409 and nothing stored when the batch cannot supply it), then
 * creates its Razorpay order and records its id in a second short transaction: no transaction or
 * pool connection is held while Razorpay answers (decision 009). The same Idempotency-Key always
 * answers with the same Razorpay order; an order whose Razorpay call failed is picked up by the
 * retry with the same key, or expires unpaid.
 */
export function createOrderHandler({ db, razorpay }: CreateOrderDeps): RequestHandler {
  return async (req, res) => {
    // A pincode India Post has, in the state typed; the state stored by its canonical name (issue 17).
    const payload = withCheckedAddress(parseOrThrow(createOrderPayloadSchema, req.body));
    let priced;
    try {
      priced = priceOrder(payload);
    } catch (error) {
      if (error instanceof PricingError) throw new InvalidError(error.message, error.fields);
      throw error;
    }
    const rawKey = req.header('idempotency-key');
    if (rawKey !== undefined && !CHECKOUT_KEY_PATTERN.test(rawKey)) {
      throw new InvalidError('Idempotency-Key must be 8-100 letters, digits, - or _');
    }
    const checkoutKey = rawKey ?? null;

    const order = await db.transaction().execute(async (trx) => {
      const now = new Date();
      const inserted = await insertOrder(trx, { orderNumber: newOrderNumber(now), checkoutKey, payload, priced, now });
      if (inserted) {
        // The batch's jars are held for this order before the shopper pays; none left: nothing is stored.
        const reservation = await reserveJars(trx, inserted.id, priced.lines);
        if (!reservation.ok) throw new ConflictError(stockRefusal(reservation.shortfalls));
        return inserted;
      }
      // The same checkout attempt again (a retry or a double click): the order it already made.
      const existing = checkoutKey ? await findOrderByCheckoutKey(trx, checkoutKey) : undefined;
      if (!existing) throw new Error('checkout key conflict without a row');
      if (existing.amountPaise !== priced.totalPaise || existing.customerEmail !== payload.customerInfo.email) {
        throw new ConflictError('This checkout attempt was already used for a different order. Please reload the page and try again.');
      }
      return existing;
    });
    // Every line about this request from here on (the error handler's too) names the order.
    req.log = req.log.child({ orderId: order.id, orderNumber: order.orderNumber });
    const response = respond({ ...order, razorpayOrderId: order.razorpayOrderId ?? (await createRazorpayOrder(db, razorpay, order, req.log)) }, razorpay.keyId);
    req.log.info({ razorpayOrderId: response.razorpayOrderId }, 'order created');
    res.status(201).json(response);
  };
}

/**
 * Creates the Razorpay order for a committed order and records it. Two requests racing for the
 * same checkout key may both create one; the first recorded wins and the other stays unpaid at
 * Razorpay (harmless: nobody is shown it). `log` is the request's, naming the order.
 */
async function createRazorpayOrder(db: Db, razorpay: CreateOrderDeps['razorpay'], order: StoredOrder, log: Logger): Promise<string> {
  let razorpayOrder;
  try {
    razorpayOrder = await razorpay.createOrder({
      amountPaise: order.amountPaise,
      receipt: order.orderNumber,
      notes: { shop_order_id: order.id, order_number: order.orderNumber },
    });
  } catch (error) {
    if (error instanceof RazorpayError) {
      log.error({ kind: error.kind, code: error.code, statusCode: error.statusCode }, 'razorpay order creation failed');
      throw new UpstreamError(
        error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server'
          ? 'We could not reach the payment provider. Please try again in a moment.'
          : 'The payment provider could not create this order. Please try again later.',
      );
    }
    throw error;
  }
  if (razorpayOrder.amount !== order.amountPaise) throw new HttpError(502, 'The payment provider returned a different amount');
  return recordRazorpayOrderId(db, order.id, razorpayOrder.id);
}
