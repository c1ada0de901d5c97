import type { ReactNode } from 'react';
import { STATUS_BADGE_COLOURS, formatRupees, type AdminOrderDetailResponse, type OrderEmailRecord, type OrderHistoryEntry, type OrderPaymentRecord, type OrderRefund, type OrderStatus } from '@pickles/shared';
import { addressLines } from '@pickles/shared/address';
import { REFUND_STATE_LABELS, emailKindLabel, formatDateTime } from '../format.js';
import { ColumnHeads, DataTable, type DataTableProps } from './data-table.js';

type Detail = AdminOrderDetailResponse;

export function Section({ title, actions, children, className = '' }: { title: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`op-card ${className}`} aria-label={title}>
      <div className="op-card__head">
        <h2>{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** An e-mail address that, when it must wrap, wraps before its @ first. */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className="op-badge" data-status={status} style={{ backgroundColor: STATUS_BADGE_COLOURS[status] }}>
      {status}
    </span>
  );
}

export function CustomerSection({ order }: { order: Detail['order'] }) {
  const { customerInfo: customer, deliveryAddress: address } = order;
  return (
    <Section title="Customer">
      <dl className="op-facts">
        <dt>Name</dt>
        <dd>{customer.name}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${customer.email}`}>
            <EmailText email={customer.email} />
          </a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:+91${customer.phone}`}>+91 {customer.phone}</a>
        </dd>
        <dt>Address</dt>
        <dd>
          <address className="op-address">
            {addressLines(address).map((line) => (
              <span key={line}>{line}</span>
            ))}
            <span>PIN {address.pincode}</span>
          </address>
        </dd>
      </dl>
    </Section>
  );
}

const ITEM_COLUMNS = [{ label: 'Item' }, { label: 'Qty', className: 'op-num' }, { label: 'Price', className: 'op-num' }, { label: 'Total', className: 'op-num' }];

/** A section of records in a table captioned with the section's title, or a line saying there are none. */
function TableSection<Row>({ title, empty, actions, children, ...table }: Omit<DataTableProps<Row>, 'caption'> & { title: string; empty: string; actions?: ReactNode; children?: ReactNode }) {
  return (
    <Section title={title} actions={actions}>
      {children}
      {table.rows.length ? <DataTable caption={title} {...table} /> : <p className="op-muted">{empty}</p>}
    </Section>
  );
}

export function ItemsSection({ order }: { order: Detail['order'] }) {
  const { items } = order;
  return (
    <Section title="Items">
      <table className="op-table op-items">
        <caption className="visually-hidden">Items and amounts</caption>
        <ColumnHeads columns={ITEM_COLUMNS} />
        <tbody>
          {items.map((item, index) => (
            <tr key={`${item.name}-${index}`}>
              <th scope="row">{item.name}</th>
              <td className="op-num">{item.quantity}</td>
              <td className="op-num">{formatRupees(item.price)}</td>
              <td className="op-num">{formatRupees(item.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Subtotal
            </th>
            <td className="op-num">{formatRupees(order.subtotal)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              Shipping
            </th>
            <td className="op-num">{order.shipping ? formatRupees(order.shipping) : 'Free'}</td>
          </tr>
          {order.discount ? (
            <tr data-testid="order-discount">
              <th scope="row" colSpan={3}>
                Discount ({order.discount.code})
              </th>
              <td className="op-num">−{formatRupees(order.discount.amount)}</td>
            </tr>
          ) : null}
          <tr className="op-items__amount">
            <th scope="row" colSpan={3}>
              Amount
            </th>
            <td className="op-num">{formatRupees(order.amount)}</td>
          </tr>
          {order.refundedAmount ? (
            <tr>
              <th scope="row" colSpan={3}>
                Refunded
              </th>
              <td className="op-num">−{formatRupees(order.refundedAmount)}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
    </Section>
  );
}

export function PaymentsSection({ payments }: { payments: OrderPaymentRecord[] }) {
  return (
    <TableSection
      title="Payments"
      empty="No payment recorded."
      rows={payments}
      rowKey={(p) => p.razorpayPaymentId}
      columns={[
        { label: 'Payment ID', cell: (p) => <code>{p.razorpayPaymentId}</code>, className: 'op-wrap' },
        { label: 'Method', cell: (p) => p.method ?? '-' },
        { label: 'Amount', cell: (p) => formatRupees(p.amount), className: 'op-num' },
        { label: 'State', cell: (p) => p.status },
        { label: 'When', cell: (p) => formatDateTime(p.createdAt), className: 'op-nowrap' },
      ]}
    />
  );
}

export function RefundState({ refund }: { refund: OrderRefund }) {
  return (
    <>
      <span className="op-refund-state" data-state={refund.state}>
        {REFUND_STATE_LABELS[refund.state]}
      </span>
      {refund.error ? <span className="op-refund-error">{refund.error}</span> : null}
    </>
  );
}

export function RefundsSection({ refunds, refundable, isPolling, actions }: { refunds: OrderRefund[]; refundable: number; isPolling: boolean; actions?: ReactNode }) {
  return (
    <TableSection
      title="Refunds"
      actions={actions}
      empty="No refunds."
      rows={refunds}
      rowKey={(r) => r.id}
      columns={[
        { label: 'When', cell: (r) => formatDateTime(r.requestedAt), className: 'op-nowrap' },
        { label: 'Amount', cell: (r) => formatRupees(r.amount), className: 'op-num' },
        { label: 'State', cell: (r) => <RefundState refund={r} /> },
        { label: 'Reason', cell: (r) => r.reason },
        { label: 'By', cell: (r) => r.requestedBy, className: 'op-nowrap' },
        { label: 'Refund ID', cell: (r) => (r.razorpayRefundId ? <code>{r.razorpayRefundId}</code> : '-'), className: 'op-wrap' },
      ]}
    >
      <p className="op-muted">
        Refundable now: <strong>{formatRupees(refundable)}</strong>
        {isPolling ? <span role="status"> · Waiting for Razorpay…</span> : null}
      </p>
    </TableSection>
  );
}

export function HistorySection({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <TableSection
      title="Status history"
      empty="No status changes recorded."
      rows={history}
      rowKey={(entry, index) => `${entry.changedAt}-${index}`}
      columns={[
        { label: 'When', cell: (e) => formatDateTime(e.changedAt), className: 'op-nowrap' },
        { label: 'From', cell: (e) => e.fromStatus ?? '-' },
        { label: 'To', cell: (e) => e.toStatus },
        { label: 'Payment', cell: (e) => (e.toPaymentStatus ? `${e.fromPaymentStatus ?? '-'} → ${e.toPaymentStatus}` : '-') },
        { label: 'By', cell: (e) => e.changedBy, className: 'op-nowrap' },
        { label: 'Note', cell: (e) => e.reason ?? '-' },
      ]}
    />
  );
}

const EMAIL_STATE_LABELS: Record<OrderEmailRecord['state'], string> = { sending: 'Sending', sent: 'Sent', superseded: 'Not sent: a later e-mail said more' };

export function EmailsSection({ emails }: { emails: OrderEmailRecord[] }) {
  return (
    <TableSection
      title="E-mails sent"
      empty="No e-mails sent yet."
      rows={emails}
      rowKey={(e, index) => `${e.kind}-${e.sentAt}-${index}`}
      columns={[
        { label: 'E-mail', cell: (e) => emailKindLabel(e.kind) },
        { label: 'To', cell: (e) => <EmailText email={e.recipient} />, className: 'op-wrap' },
        { label: 'State', cell: (e) => EMAIL_STATE_LABELS[e.state], className: 'op-nowrap' },
        { label: 'When', cell: (e) => formatDateTime(e.sentAt), className: 'op-nowrap' },
      ]}
    />
  );
}
