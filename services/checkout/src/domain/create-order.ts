import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { discountShopper, readDiscountTerms, readProducts, releaseDiscountUse, reserveDiscountUse, stockShortfalls, type Db } from '@pickles/db';
import { ConflictError, HttpError, InvalidError, UpstreamError } from '@pickles/service-kit';
import { UNKNOWN_ZONE, type CreateOrderPayload } from '@pickles/shared';
import { sellerProfileFromEnv } from '@pickles/shared/seller-profile';
import { deliveryZone } from '@pickles/pincodes';
import { RazorpayError, type RazorpayClient } from '@pickles/razorpay-client';
import { newOrderNumber } from './order-number.js';
import { DiscountRefusedError, priceOrder, PricingError, type PricedOrder, type PricingRequest } from './price-order.js';
import { findOrderByCheckoutKey, lookBeforeCheckout, placeOrder, recordRazorpayOrderId, type PlaceOrderResult, type StoredOrder } from '../db/orders.js';
import { stockRefusal } from './stock-refusal.js';

/** An order placed, with its Razorpay order: what create-order and the phone orders answer with. */
export type PlacedOrder = StoredOrder & { razorpayOrderId: string };

export interface CreateOrderDeps {
  db: Db;
  razorpay: Pick<RazorpayClient, 'keyId' | 'createOrder'>;
  logger: Logger;
  /** Where parcels leave from (SELLER_PINCODE): the order's delivery zone is its pincode's distance from it. */
  sellerPincode?: string;
}

/**
 * The storefront's checkout: the cart priced from the catalogue as it is now (a 400 for a product
 * or price that is not ours, a 409 for a code it cannot use), then placed (placeNewOrder). Refusals
 * are the service-kit errors the error handler answers, as placeNewOrder's are for the phone orders.
 */
export async function createOrder(deps: Pick<CreateOrderDeps, 'db' | 'razorpay' | 'sellerPincode'>, input: Omit<NewOrderInput, 'priced'> & { payload: CreateOrderPayload }): Promise<PlacedOrder> {
  const priced = await priceFromCatalogue(deps.db, input.payload);
  return placeNewOrder(deps, { ...input, priced });
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
): Promise<PlacedOrder> {
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
      // The delivery promise is made now, for this pincode: every later message counts from it.
      const zone = deliveryZone(payload.deliveryAddress.pincode, sellerPincode) ?? UNKNOWN_ZONE;
      const placing = await placeWithNewNumber(async (orderNumber) => {
        const razorpayOrderId = await createRazorpayOrder(razorpay, { id, orderNumber, amountPaise: priced.totalPaise }, log);
        return placeOrder(db, { id, orderNumber, razorpayOrderId, checkoutKey, payload, priced, deliveryZone: zone, now });
      }, now);
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

/** How many order numbers one checkout draws before it gives up (three taken in a row: about one in 10^15). */
const ORDER_NUMBER_DRAWS = 3;

/**
 * Places the order under a newly drawn order number, and draws again when another order of the day
 * took it: 31^6 numbers a day, so a day of 6,000 orders sees a taken number about once in 50 days.
 * Each draw gets a Razorpay order of its own, since the number is its receipt; one left unused lapses
 * unpaid like any abandoned checkout.
 */
async function placeWithNewNumber(place: (orderNumber: string) => Promise<PlaceOrderResult>, now: Date): Promise<Exclude<PlaceOrderResult, { numberTaken: true }>> {
  for (let draw = 1; ; draw++) {
    const placing = await place(newOrderNumber(now));
    if (!('numberTaken' in placing)) return placing;
    if (draw === ORDER_NUMBER_DRAWS) throw new Error(`${ORDER_NUMBER_DRAWS} order numbers drawn in a row were taken`);
  }
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
