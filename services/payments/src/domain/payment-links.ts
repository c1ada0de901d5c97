import type { Db } from '@pickles/db';
import { isPaymentLinkEvent, type RazorpayWebhookEvent } from '@pickles/razorpay-client';
import type { SettleRequest } from './settle-payment.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A payment made on one of the owner's payment links (decision 032) is on the link's own Razorpay
 * order, which Razorpay makes when the shopper starts paying; its notes are the link's, and name
 * the shop's order (`payment_link_for`). Such a payment is settled on that order, through the one
 * settle path, as if it were on the order's own Razorpay order: once, with its confirmation,
 * invoice and jars. A capture on a link that expired or was cancelled is marked so
 * (`closedPaymentLink`): the lifecycle makes it an attention item on the order for the owner (money
 * the shop did not expect), never a confirmation. Anything else is returned as it came.
 */
export async function settleRequestForLinkPayment(db: Db, event: RazorpayWebhookEvent, request: SettleRequest | undefined): Promise<SettleRequest | undefined> {
  const payment = event.payload.payment?.entity;
  const orderId = payment?.notes?.payment_link_for;
  if (!request || !payment || !orderId || !UUID.test(orderId) || !request.razorpayOrderId) return request;
  const order = await db
    .selectFrom('orders')
    .select(['razorpay_order_id', 'payment_link_id', 'payment_link_status'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order?.payment_link_id || !order.razorpay_order_id || order.razorpay_order_id === request.razorpayOrderId) return request;
  const closed = order.payment_link_status === 'expired' || order.payment_link_status === 'cancelled';
  const observation = closed && request.observation.kind === 'captured' ? { ...request.observation, closedPaymentLink: true as const } : request.observation;
  return { ...request, razorpayOrderId: order.razorpay_order_id, observation };
}

/**
 * `payment_link.paid`, `.expired` and `.cancelled` record the link's status on its order (what the
 * order page says: "Payment link expired"). A status only moves on from `created`, so a redelivered
 * or reordered event changes nothing. The paid link's payment itself is settled like any capture.
 */
export async function recordPaymentLinkStatus(db: Db, event: RazorpayWebhookEvent): Promise<boolean> {
  if (!isPaymentLinkEvent(event) || event.event === 'payment_link.partially_paid') return false;
  const status = event.event === 'payment_link.paid' ? 'paid' : event.event === 'payment_link.expired' ? 'expired' : 'cancelled';
  const updated = await db
    .updateTable('orders')
    .set({ payment_link_status: status })
    .where('payment_link_id', '=', event.payload.payment_link.entity.id)
    .where('payment_link_status', '=', 'created')
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}
