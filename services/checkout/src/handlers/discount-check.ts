import type { RequestHandler } from 'express';
import { checkDiscountCode, discountShopper, readProducts, type Db } from '@pickles/db';
import { HttpError, InvalidError, parseOrThrow } from '@pickles/service-kit';
import { discountCheckPayloadSchema, EMAIL_PATTERN, shippingPaise, type DiscountCheckResponse } from '@pickles/shared';

/**
 * POST /api/discount-codes/check: what a code does for this cart now ("LAUNCH10: 10% off — you save
 * ₹160.50"), or why not (409, the shopper's sentence): unknown, paused, not yet started, expired,
 * minimum not reached, used up, already used by this shopper (when the e-mail or phone is given).
 * Priced from the catalogue as create-order prices; nothing is reserved: create-order decides again
 * under the code's lock (decision 028).
 */
export function discountCheckHandler({ db }: { db: Db }): RequestHandler {
  return async (req, res) => {
    const payload = parseOrThrow(discountCheckPayloadSchema, req.body);
    const products = await readProducts(db, payload.items.map((item) => item.itemId));
    const linesPaise = payload.items.map((item, index) => {
      const product = products.get(item.itemId);
      if (!product || product.archived) throw new InvalidError(`Product ${item.itemId} is not in our catalogue`, { [`items.${index}.itemId`]: 'Unknown product' });
      return product.pricePaise * item.quantity;
    });
    const shipping = shippingPaise(payload.items.reduce((sum, item) => sum + item.quantity, 0));
    const email = payload.email?.trim();
    const phone = payload.phone?.replace(/\D/g, '');
    const shopper = email && EMAIL_PATTERN.test(email) && phone && phone.length >= 10 ? discountShopper(email, phone) : undefined;
    const checked = await checkDiscountCode(db, payload.code, { linesPaise, shippingPaise: shipping }, shopper, new Date());
    if (!checked.ok) throw new HttpError(409, checked.refusal.message, { discountCode: checked.refusal.message });
    const { applied } = checked;
    const body: DiscountCheckResponse = {
      success: true,
      code: applied.code,
      summary: applied.summary,
      subtotalPaise: linesPaise.reduce((sum, line) => sum + line, 0),
      shippingPaise: shipping,
      discountPaise: applied.discountPaise,
      shippingDiscountPaise: applied.shippingDiscountPaise,
      totalPaise: applied.totalPaise,
    };
    res.setHeader('Cache-Control', 'no-store');
    res.json(body);
  };
}
