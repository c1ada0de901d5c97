import { sql, type Db } from '@pickles/db';
import { selectTaxDocuments, taxDocumentFromRow, type TaxDocument } from '@pickles/invoices';
import type { DeliveryZone } from '@pickles/shared/delivery-promise';
import type { TrackingContact } from '@pickles/shared/tracking-requests';

/**
 * What proves the lookup is the shopper's: the contact they typed, or a signed link: the link
 * version its signature proves (checked before; undefined when it proves nothing), and for how many
 * days after the order was closed a link still opens it.
 */
export type TrackingProof = TrackingContact | SignedLink;
export interface SignedLink {
  kind: 'signed';
  version: number | undefined;
  daysAfterClosed: number;
}

/** Statuses after which an order's links expire: it arrived, was closed or was cancelled. */
const CLOSED_STATUSES = ['delivered', 'completed', 'cancelled'];

/**
 * A signed link opens order `o` when it carries the order's current link version (a revoked one
 * does not) and the order is open, or was closed (entered delivered, completed or cancelled from
 * any other status, the last time it did) less than `daysAfterClosed` days ago. The form with the
 * phone or e-mail is not bound by this.
 */
export function signedLinkOpens(link: SignedLink) {
  const closed = sql.join(CLOSED_STATUSES);
  return sql<boolean>`(${link.version !== undefined}::boolean and o.tracking_link_version = ${link.version ?? -1}
    and (o.status not in (${closed}) or coalesce(
      (select max(h.changed_at) from order_status_history h
        where h.order_id = o.id and h.to_status in (${closed}) and (h.from_status is null or h.from_status not in (${closed}))),
      o.updated_at) > now() - make_interval(days => ${link.daysAfterClosed})))`;
}

export interface TrackedOrder {
  orderNumber: string;
  createdAt: Date;
  status: string;
  paymentStatus: string;
  amountPaise: number;
  refundedPaise: number;
  items: { name: string; quantity: number }[];
  dispatch: { courier: string; awb: string; trackingUrl: string | null; dispatchedAt: string } | null;
  /** Refunds the owner asked for (refused ones left out: no money moved) and refunds made in Razorpay's dashboard. */
  refunds: { amountPaise: number; requestedAt: string; status: 'pending' | 'processed' | 'failed' }[];
  /** The GST tax invoice payments issued when the order was paid; null before. */
  invoiceNumber: string | null;
  /** Decided at create-order; null for an order placed before zones were kept. */
  deliveryZone: DeliveryZone | null;
  /** The courier's expected delivery, when a tracking event or poll gave one. */
  courierExpectedAt: Date | null;
  /** The courier's events (a shipment booked through Ship), oldest first by when they happened. */
  courierEvents: { status: string; occurredAt: string; reason: string | null }[];
}

function proofMatches(proof: TrackingProof) {
  switch (proof.kind) {
    case 'email':
      return sql<boolean>`lower(o.customer_email) = ${proof.email}`;
    case 'phone':
      return sql<boolean>`o.customer_phone = ${proof.phone}`;
    case 'signed':
      return signedLinkOpens(proof);
  }
}

/**
 * The order with this number whose proof matches, in one query. The proof is part of the WHERE
 * clause, so an unknown order and a known one with the wrong phone or e-mail cost the database the
 * same work (one unique-index probe) and both come back empty; so does an order whose personal data
 * was erased (an archived one is no longer in `orders` at all). No address, phone or e-mail leaves it.
 */
export async function findTrackedOrder(db: Db, orderNumber: string, proof: TrackingProof): Promise<TrackedOrder | undefined> {
  const { rows } = await sql<{
    order_number: string;
    created_at: Date;
    status: string;
    payment_status: string;
    amount_paise: number;
    refunded_paise: number;
    items: TrackedOrder['items'];
    dispatch: { courier: string; awb: string; tracking_url: string | null; dispatched_at: string } | null;
    refunds: { amount_paise: number; requested_at: string; status: 'pending' | 'processed' | 'failed' }[];
    invoice_number: string | null;
    delivery_zone: DeliveryZone | null;
    courier_expected_at: Date | null;
    courier_events: { status: string; occurred_at: string; reason: string | null }[];
  }>`
    select o.order_number, o.created_at, o.status, o.payment_status, o.amount_paise, o.refunded_paise, o.delivery_zone,
      (select coalesce(jsonb_agg(jsonb_build_object('name', i.name, 'quantity', i.quantity) order by i.id), '[]'::jsonb)
         from order_items i where i.order_id = o.id) as items,
      (select jsonb_build_object('courier', d.courier, 'awb', d.awb, 'tracking_url', d.tracking_url, 'dispatched_at', d.dispatched_at)
         from order_dispatches d where d.order_id = o.id) as dispatch,
      (select coalesce(jsonb_agg(to_jsonb(r) order by r.requested_at), '[]'::jsonb) from (
         select rr.amount_paise, rr.created_at as requested_at, coalesce(rf.status, 'pending') as status
           from refund_requests rr left join refunds rf on rf.razorpay_refund_id = rr.razorpay_refund_id
          where rr.order_id = o.id and rr.state <> 'refused'
         union all
         select rf.amount_paise, rf.created_at, rf.status
           from refunds rf
          where rf.order_id = o.id
            and not exists (select 1 from refund_requests rr where rr.razorpay_refund_id = rf.razorpay_refund_id)
       ) r) as refunds,
      (select t.number from tax_documents t where t.order_id = o.id and t.kind = 'invoice') as invoice_number,
      (select s.expected_delivery_at from shipments s where s.order_id = o.id) as courier_expected_at,
      (select coalesce(jsonb_agg(jsonb_build_object('status', e.status, 'occurred_at', e.occurred_at, 'reason', e.reason) order by e.occurred_at), '[]'::jsonb)
         from shipment_events e where e.order_id = o.id) as courier_events
    from orders o
    where o.order_number = ${orderNumber} and o.personal_data_erased_at is null and ${proofMatches(proof)}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    orderNumber: row.order_number,
    createdAt: new Date(row.created_at),
    status: row.status,
    paymentStatus: row.payment_status,
    amountPaise: row.amount_paise,
    refundedPaise: row.refunded_paise,
    items: row.items,
    dispatch: row.dispatch && { courier: row.dispatch.courier, awb: row.dispatch.awb, trackingUrl: row.dispatch.tracking_url, dispatchedAt: row.dispatch.dispatched_at },
    refunds: row.refunds.map((refund) => ({ amountPaise: refund.amount_paise, requestedAt: refund.requested_at, status: refund.status })),
    invoiceNumber: row.invoice_number,
    deliveryZone: row.delivery_zone,
    courierExpectedAt: row.courier_expected_at === null ? null : new Date(row.courier_expected_at),
    courierEvents: row.courier_events.map((event) => ({ status: event.status, occurredAt: new Date(event.occurred_at).toISOString(), reason: event.reason })),
  };
}

/**
 * The invoice of the order a signed link opens, found under the same rules as GET /api/track: one
 * query with the link's validity in the WHERE clause, nothing for an order whose personal data was
 * erased or that was archived.
 */
export async function findTrackedInvoice(db: Db, orderNumber: string, link: SignedLink): Promise<TaxDocument | undefined> {
  const row = await selectTaxDocuments(db)
    .innerJoin('orders as o', 'o.id', 'd.order_id')
    .where('o.order_number', '=', orderNumber)
    .where('o.personal_data_erased_at', 'is', null)
    .where('d.kind', '=', 'invoice')
    .where(signedLinkOpens(link))
    .executeTakeFirst();
  return row && taxDocumentFromRow(row);
}
