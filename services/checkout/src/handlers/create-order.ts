import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Db } from '@pickles/db';
import { ConflictError, HttpError, InvalidError, UpstreamError } from '@pickles/service-kit';
import { createOrderPayloadSchema, fieldErrors, type CreateOrderResponse } from '@pickles/shared';
import { RazorpayError, type RazorpayClient } from '@pickles/razorpay-client';
import { newOrderNumber } from '../domain/order-number.js';
import { priceOrder, PricingError } from '../domain/price-order.js';
import { insertOrder, lockOrderByCheckoutKey, setRazorpayOrderId, type StoredOrder } from '../db/orders.js';

export interface CreateOrderDeps {
  db: Db;
  razorpay: Pick<RazorpayClient, 'keyId' | 'createOrder'>;
  logger: Logger;
}

/** One checkout attempt in the SPA sends one key; retries and double clicks repeat it. */
const CHECKOUT_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

function respond(order: StoredOrder & { razorpayOrderId: string }, keyId: string): CreateOrderResponse {
  return { success: true, keyId, amount: order.amountPaise, currency: 'INR', razorpayOrderId: order.razorpayOrderId, orderId: order.orderNumber };
}

/**
 * POST /api/payment/create-order: validates, prices from the catalogue, stores the order and
 * creates its Razorpay order, all in one transaction: if Razorpay refuses or cannot be reached,
 * nothing is stored. The same Idempotency-Key always answers with the same Razorpay order.
 */
export function createOrderHandler({ db, razorpay, logger }: CreateOrderDeps): RequestHandler {
  return async (req, res) => {
    const parsed = createOrderPayloadSchema.safeParse(req.body);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      throw new InvalidError(Object.values(fields)[0] ?? 'Invalid order', fields);
    }
    let priced;
    try {
      priced = priceOrder(parsed.data);
    } catch (error) {
      if (error instanceof PricingError) throw new InvalidError(error.message, error.fields);
      throw error;
    }
    const rawKey = req.header('idempotency-key');
    if (rawKey !== undefined && !CHECKOUT_KEY_PATTERN.test(rawKey)) {
      throw new InvalidError('Idempotency-Key must be 8-100 letters, digits, - or _');
    }
    const checkoutKey = rawKey ?? null;

    const response = await db.transaction().execute(async (trx) => {
      const now = new Date();
      let order = await insertOrder(trx, { orderNumber: newOrderNumber(now), checkoutKey, payload: parsed.data, priced, now });
      if (!order && checkoutKey) {
        const existing = await lockOrderByCheckoutKey(trx, checkoutKey);
        if (!existing) throw new Error('checkout key conflict without a row');
        if (existing.amountPaise !== priced.totalPaise || existing.customerEmail !== parsed.data.customerInfo.email) {
          throw new ConflictError('This checkout attempt was already used for a different order. Please reload the page and try again.');
        }
        if (existing.razorpayOrderId) return respond({ ...existing, razorpayOrderId: existing.razorpayOrderId }, razorpay.keyId);
        order = existing;
      }
      if (!order) throw new Error('order was not stored');
      let razorpayOrder;
      try {
        razorpayOrder = await razorpay.createOrder({
          amountPaise: order.amountPaise,
          receipt: order.orderNumber,
          notes: { shop_order_id: order.id, order_number: order.orderNumber },
        });
      } catch (error) {
        if (error instanceof RazorpayError) {
          req.log.error({ orderId: order.id, kind: error.kind, code: error.code, statusCode: error.statusCode }, 'razorpay order creation failed');
          throw new UpstreamError(
            error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server'
              ? 'We could not reach the payment provider. Please try again in a moment.'
              : 'The payment provider could not create this order. Please try again later.',
          );
        }
        throw error;
      }
      if (razorpayOrder.amount !== order.amountPaise) throw new HttpError(502, 'The payment provider returned a different amount');
      await setRazorpayOrderId(trx, order.id, razorpayOrder.id);
      return respond({ ...order, razorpayOrderId: razorpayOrder.id }, razorpay.keyId);
    });
    logger.info({ requestId: req.id, orderId: response.orderId, razorpayOrderId: response.razorpayOrderId }, 'order created');
    res.status(201).json(response);
  };
}
