import type { RawBuilder } from 'kysely';
import { sql, type Database, type Kysely, type Transaction } from '@pickles/db';
import { paiseToRupees, type OrderRefund, type OwnerOrderFacts } from '@pickles/shared';

type Handle = Kysely<Database> | Transaction<Database>;

/** Shown for a refund made in Razorpay's dashboard: it has no request, so no reason or owner of ours. */
export const DASHBOARD_REFUND_REASON = "Refunded in Razorpay's dashboard";
export const DASHBOARD_REFUND_BY = 'Razorpay dashboard';

interface RefundRow {
  id: string;
  amount_paise: number;
  reason: string | null;
  requested_by: string | null;
  created_at: Date;
  request_state: 'requested' | 'submitted' | 'refused' | null;
  razorpay_refund_id: string | null;
  error: string | null;
  refund_status: 'pending' | 'processed' | 'failed' | null;
}

/**
 * The refund requests (with what Razorpay made of them, from `refunds` by refund id) and, after
 * them in time order, the refunds made in Razorpay's dashboard, which have no request.
 */
const REFUND_ROWS = (where: RawBuilder<unknown>, dashboardWhere: RawBuilder<unknown>) => sql<RefundRow>`
  select r.id::text as id, r.amount_paise, r.reason, r.requested_by, r.created_at, r.state as request_state,
    r.razorpay_refund_id, r.error, f.status as refund_status
  from refund_requests r left join refunds f on f.razorpay_refund_id = r.razorpay_refund_id
  where ${where}
  union all
  select f.razorpay_refund_id, f.amount_paise, null, null, f.created_at, null, f.razorpay_refund_id, null, f.status
  from refunds f
  where ${dashboardWhere} and not exists (select 1 from refund_requests r where r.razorpay_refund_id = f.razorpay_refund_id)
  order by created_at, id`;

function toOrderRefund(row: RefundRow): OrderRefund {
  const state: OrderRefund['state'] =
    row.request_state === 'requested' || row.request_state === 'refused'
      ? row.request_state
      : // Submitted requests and dashboard refunds: Razorpay's state (pending until its refunds row says more).
        (row.refund_status ?? 'pending');
  return {
    id: row.id,
    amount: paiseToRupees(row.amount_paise),
    reason: row.reason ?? DASHBOARD_REFUND_REASON,
    requestedBy: row.requested_by ?? DASHBOARD_REFUND_BY,
    requestedAt: new Date(row.created_at).toISOString(),
    state,
    razorpayRefundId: row.razorpay_refund_id,
    error: row.error,
  };
}

export async function orderRefunds(db: Handle, orderId: string): Promise<OrderRefund[]> {
  const { rows } = await REFUND_ROWS(sql`r.order_id = ${orderId}`, sql`f.order_id = ${orderId}`).execute(db);
  return rows.map(toOrderRefund);
}

export async function refundRequest(db: Handle, requestId: string): Promise<OrderRefund | undefined> {
  const { rows } = await REFUND_ROWS(sql`r.id = ${requestId}`, sql`false`).execute(db);
  return rows[0] && toOrderRefund(rows[0]);
}

/**
 * Paise that may still be refunded on the order's payment: what was paid, minus every request not
 * refused by Razorpay nor failed there, minus refunds made in Razorpay's dashboard that did not fail.
 * Zero when the order cannot be refunded from the admin at all (the lifecycle's mayOwner 'refund').
 */
export async function refundablePaise(db: Handle, orderId: string): Promise<number> {
  const { rows } = await sql<{ refundable: number }>`
    select greatest(0, o.amount_paise
      - coalesce((select sum(r.amount_paise) from refund_requests r left join refunds f on f.razorpay_refund_id = r.razorpay_refund_id
                  where r.order_id = o.id and r.state <> 'refused' and f.status is distinct from 'failed'), 0)
      - coalesce((select sum(f.amount_paise) from refunds f
                  where f.razorpay_payment_id = o.razorpay_payment_id and f.status <> 'failed'
                    and not exists (select 1 from refund_requests r where r.razorpay_refund_id = f.razorpay_refund_id)), 0)
    )::int as refundable
    from orders o where o.id = ${orderId}`.execute(db);
  return rows[0]?.refundable ?? 0;
}

export interface RefundableOrder extends OwnerOrderFacts {
  razorpayPaymentId: string | null;
}

/**
 * The order as the lifecycle's refund rule reads it (mayOwner 'refund'): its state, and whether a
 * `payments` row of its payment says Razorpay captured it.
 */
export async function refundableOrderFacts(db: Handle, orderId: string): Promise<RefundableOrder | undefined> {
  const { rows } = await sql<{ status: OwnerOrderFacts['status']; payment_status: OwnerOrderFacts['paymentStatus']; razorpay_payment_id: string | null; captured: boolean }>`
    select o.status, o.payment_status, o.razorpay_payment_id,
      exists (select 1 from payments p where p.razorpay_payment_id = o.razorpay_payment_id and p.status = 'captured') as captured
    from orders o where o.id = ${orderId}`.execute(db);
  const row = rows[0];
  return row && { status: row.status, paymentStatus: row.payment_status, razorpayPaymentId: row.razorpay_payment_id, captured: row.captured };
}
