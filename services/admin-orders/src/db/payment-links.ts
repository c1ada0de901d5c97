import type { Db } from '@pickles/db';
import type { OrderPaymentLink, OrderState } from '@pickles/shared';
import { writeShopperUpdate } from './shopper-updates.js';

/** The order as its payment link sees it. */
export interface LinkOrder extends OrderState {
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

export async function readLinkOrder(db: Db, id: string): Promise<LinkOrder | undefined> {
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

/** A link made at Razorpay, as the order keeps it. */
export interface StoredLink {
  id: string;
  url: string;
  status: OrderPaymentLink['status'];
  expiresAt: Date | null;
  sentAt: Date;
}

/**
 * Stores the order's next link with the `order.changed` {payment-link} event that e-mails it,
 * in one transaction, only if no other request stored a link meanwhile (the count is still
 * `linkCount`); answers whether it stored it.
 */
export function storeLink(db: Db, orderId: string, linkCount: number, link: StoredLink): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('orders')
      .set({
        payment_link_id: link.id,
        payment_link_url: link.url,
        payment_link_status: link.status,
        payment_link_expires_at: link.expiresAt,
        payment_link_sent_at: link.sentAt,
        payment_link_count: linkCount + 1,
        updated_at: link.sentAt,
      })
      .where('id', '=', orderId)
      .where('payment_link_count', '=', linkCount)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await writeShopperUpdate(trx, { orderId, kind: 'payment-link', dedupeKey: link.id });
    return true;
  });
}

/** Records the status Razorpay gave the order's link, while the order still has that link open. */
export async function recordLinkStatus(db: Db, orderId: string, linkId: string, status: OrderPaymentLink['status'], now: Date): Promise<void> {
  await db.updateTable('orders').set({ payment_link_status: status, updated_at: now }).where('id', '=', orderId).where('payment_link_id', '=', linkId).where('payment_link_status', '=', 'created').execute();
}
