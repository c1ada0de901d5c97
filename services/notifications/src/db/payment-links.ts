import type { Db } from '@pickles/db';
import type { EmailPaymentLink } from '../emails/payment-link.js';

/** The order's payment link when it is still the one `linkId` names (a newer link replaces it); undefined otherwise. */
export async function loadPaymentLink(db: Db, orderId: string, linkId: string): Promise<EmailPaymentLink | undefined> {
  const row = await db
    .selectFrom('orders')
    .select(['payment_link_url', 'payment_link_expires_at', 'discount_code', 'discount_paise'])
    .where('id', '=', orderId)
    .where('payment_link_id', '=', linkId)
    .executeTakeFirst();
  if (!row?.payment_link_url) return undefined;
  return { url: row.payment_link_url, expiresAt: row.payment_link_expires_at, discountCode: row.discount_code, discountPaise: row.discount_paise };
}
