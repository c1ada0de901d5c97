import { sql, type Db } from '@pickles/db';
import { mayOwner, ownerChoices, paiseToRupees, type AdminOrder, type AdminOrderDetailResponse, type OrderPaymentLink, type OrderStatus, type PaymentStatus } from '@pickles/shared';
import { ADMIN_ORDER_JSON } from './admin-order-json.js';
import { orderDispatch } from './dispatches.js';
import { orderHistory } from './orders.js';
import { orderRefunds, refundableOrderFacts, refundablePaise } from './refunds.js';
import { orderTaxDocuments } from './tax-documents.js';
import { orderShipment } from './shipments.js';

/** The courier as the order page needs it: its tracking links; undefined when none is configured. */
export interface DetailCourier {
  trackUrlOf: (awb: string) => string;
}

/** Everything the admin's order page shows, or undefined for an unknown (or archived) order. */
export async function orderDetail(db: Db, id: string, courier?: DetailCourier): Promise<Omit<AdminOrderDetailResponse, 'success'> | undefined> {
  const { rows } = await sql<{
      order: AdminOrder;
      subtotal_paise: number;
      shipping_paise: number;
      discount_code: string | null;
      discount_paise: number;
      payment_link_id: string | null;
      payment_link_url: string | null;
      payment_link_status: OrderPaymentLink['status'] | null;
      payment_link_expires_at: Date | null;
      payment_link_sent_at: Date | null;
    }>`
    select ${ADMIN_ORDER_JSON} as "order", orders.subtotal_paise, orders.shipping_paise, orders.discount_code, orders.discount_paise,
      orders.payment_link_id, orders.payment_link_url, orders.payment_link_status, orders.payment_link_expires_at, orders.payment_link_sent_at
    from orders where orders.id = ${id}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const [items, dispatch, payments, refunds, facts, refundable, history, emails, taxDocuments, shipment] = await Promise.all([
    db.selectFrom('order_items').select(['name', 'quantity', 'unit_price_paise', 'line_total_paise']).where('order_id', '=', id).orderBy('id').execute(),
    orderDispatch(db, id),
    db.selectFrom('payments').selectAll().where('order_id', '=', id).orderBy('created_at').execute(),
    orderRefunds(db, id),
    refundableOrderFacts(db, id),
    refundablePaise(db, id),
    orderHistory(db, id),
    db.selectFrom('sent_emails').select(['kind', 'recipient', 'state', 'sent_at']).where('order_id', '=', id).orderBy('sent_at').orderBy('id').execute(),
    orderTaxDocuments(db, id),
    orderShipment(db, id, courier?.trackUrlOf),
  ]);
  const { order } = row;
  return {
    order: {
      ...order,
      items: items.map((item) => ({ name: item.name, quantity: item.quantity, price: paiseToRupees(item.unit_price_paise), total: paiseToRupees(item.line_total_paise) })),
      subtotal: paiseToRupees(row.subtotal_paise),
      shipping: paiseToRupees(row.shipping_paise),
      ...(row.discount_code ? { discount: { code: row.discount_code, amount: paiseToRupees(row.discount_paise) } } : {}),
    },
    dispatch,
    shipment,
    // A failed or cancelled booking may be shipped again; a pending or booked one is under way.
    canShip:
      courier !== undefined &&
      (shipment === null || shipment.state === 'failed' || shipment.state === 'cancelled') &&
      mayOwner({ status: order.status as OrderStatus, paymentStatus: order.paymentStatus as PaymentStatus, dispatched: dispatch !== null }, 'ship').allowed,
    canCancelShipment:
      courier !== undefined &&
      mayOwner({ status: order.status as OrderStatus, paymentStatus: order.paymentStatus as PaymentStatus, shipment: shipment && { state: shipment.state, deliveryStatus: shipment.deliveryStatus } }, 'cancel-shipment').allowed,
    payments: payments.map((payment) => ({
      razorpayPaymentId: payment.razorpay_payment_id,
      status: payment.status,
      amount: paiseToRupees(payment.amount_paise),
      method: payment.method,
      createdAt: new Date(payment.created_at).toISOString(),
    })),
    refunds,
    refundable: facts && mayOwner(facts, 'refund').allowed ? paiseToRupees(refundable) : 0,
    history,
    emails: emails.map((email) => ({ kind: email.kind, recipient: email.recipient, state: email.state, sentAt: new Date(email.sent_at).toISOString() })),
    statusChoices: ownerChoices({ status: order.status as OrderStatus, paymentStatus: order.paymentStatus as PaymentStatus }),
    ...taxDocuments,
    paymentLink:
      row.payment_link_id && row.payment_link_url && row.payment_link_status
        ? {
            id: row.payment_link_id,
            url: row.payment_link_url,
            status: row.payment_link_status,
            expiresAt: row.payment_link_expires_at ? new Date(row.payment_link_expires_at).toISOString() : null,
            sentAt: row.payment_link_sent_at ? new Date(row.payment_link_sent_at).toISOString() : null,
          }
        : null,
    canSendPaymentLink: mayOwner({ status: order.status as OrderStatus, paymentStatus: order.paymentStatus as PaymentStatus }, 'send-payment-link').allowed,
  };
}
