import { checkDiscountCode, discountShopper, readProducts, type Db } from '@pickles/db';
import { EMAIL_PATTERN, shippingPaise, type DiscountCheckPayload, type DiscountCheckResponse } from '@pickles/shared';

/** What a code does for a cart now, or why it cannot be checked or used. */
export type DiscountCheck =
  | { kind: 'unknown-product'; itemId: number; index: number }
  | { kind: 'refused'; message: string }
  | { kind: 'applies'; body: DiscountCheckResponse };

/**
 * What a code would do for this cart now, priced from the catalogue as create-order prices; the
 * shopper's own uses count only when the e-mail and phone are both given. Nothing is reserved:
 * create-order decides again under the code's lock (decision 028).
 */
export async function checkDiscount(db: Db, payload: DiscountCheckPayload, now: Date): Promise<DiscountCheck> {
  const products = await readProducts(db, payload.items.map((item) => item.itemId));
  const linesPaise: number[] = [];
  for (const [index, item] of payload.items.entries()) {
    const product = products.get(item.itemId);
    if (!product || product.archived) return { kind: 'unknown-product', itemId: item.itemId, index };
    linesPaise.push(product.pricePaise * item.quantity);
  }
  const shipping = shippingPaise(payload.items.reduce((sum, item) => sum + item.quantity, 0));
  const email = payload.email?.trim();
  const phone = payload.phone?.replace(/\D/g, '');
  const shopper = email && EMAIL_PATTERN.test(email) && phone && phone.length >= 10 ? discountShopper(email, phone) : undefined;
  const checked = await checkDiscountCode(db, payload.code, { linesPaise, shippingPaise: shipping }, shopper, now);
  if (!checked.ok) return { kind: 'refused', message: checked.refusal.message };
  const { applied } = checked;
  return {
    kind: 'applies',
    body: {
      success: true,
      code: applied.code,
      summary: applied.summary,
      subtotalPaise: linesPaise.reduce((sum, line) => sum + line, 0),
      shippingPaise: shipping,
      discountPaise: applied.discountPaise,
      shippingDiscountPaise: applied.shippingDiscountPaise,
      totalPaise: applied.totalPaise,
    },
  };
}
