import { Fragment, useId, useState } from 'react';
import { STATUS_BADGE_COLOURS, formatRupees, isAdminSettableStatus, isUnattended, ownerChoices, type AdminOrder, type AdminSettableStatus } from '@pickles/shared';
import { paths } from '../../../config/paths.js';
import { formatAddress, formatDateTime, formatItems } from '../format.js';
import { CopyCell } from './copy-cell.js';
import { OrderHistory } from './order-history.js';

export const COLUMNS = ['Order ID', 'Payment ID', 'Name', 'Email', 'Phone', 'Datetime', 'Address', 'Amount', 'Items', 'Order Status', 'Change Status'] as const;

/** One class per column, for its width (admin-orders.css); the last two stay in view while the rest scroll. */
const COLUMN_CLASSES = ['col-id', 'col-id', 'col-name', 'col-id', 'col-phone', 'col-date', 'col-address', 'col-amount', 'col-items', 'col-status', 'col-change'] as const;

interface OrdersTableProps {
  orders: AdminOrder[];
  updatingIds: ReadonlySet<string>;
  onStatusChange: (order: AdminOrder, status: AdminSettableStatus) => void;
}

/** Long text kept to two lines so rows stay compact; the whole text is in the tooltip and the page's text. */
function Clamped({ text }: { text: string }) {
  return (
    <span className="cell-clamp" title={text}>
      {text}
    </span>
  );
}

export function OrdersTable({ orders, updatingIds, onStatusChange }: OrdersTableProps) {
  const [openHistory, setOpenHistory] = useState<string | undefined>();
  const historyId = useId();
  const now = Date.now();
  return (
    <div className="orders-table-wrap">
      <table className="orders-table">
        <colgroup>
          {COLUMN_CLASSES.map((c, i) => (
            <col key={i} className={c} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {COLUMNS.map((c, i) => (
              <th key={c} scope="col" className={COLUMN_CLASSES[i]}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length} className="orders-empty">
                No orders found
              </td>
            </tr>
          ) : null}
          {orders.map((order) => {
            const isUpdating = updatingIds.has(order._id);
            const isPending = order.paymentStatus === 'pending';
            // Only the moves the lifecycle allows (the current status included); the server refuses the rest.
            const choices = ownerChoices(order);
            const hasMove = choices.some((s) => s !== order.status);
            const unattended = isUnattended(order, now);
            const isHistoryOpen = openHistory === order._id;
            const panelId = `${historyId}-${order._id}`;
            return (
              <Fragment key={order._id}>
                <tr className={unattended ? 'order-row unattended-row' : 'order-row'} data-order-id={order.orderId} data-unattended={unattended || undefined}>
                  <td>
                    <CopyCell value={order.orderId} label="Order ID" href={paths.adminOrder(order._id)} />
                  </td>
                  <td>
                    <CopyCell value={order.razorpayPaymentId} label="Payment ID" />
                  </td>
                  <td>
                    <Clamped text={order.customerInfo.name || '-'} />
                  </td>
                  <td>
                    <CopyCell value={order.customerInfo.email} label="Email" />
                  </td>
                  <td>{order.customerInfo.phone || '-'}</td>
                  <td>{formatDateTime(order.createdAt)}</td>
                  <td>
                    <Clamped text={formatAddress(order.deliveryAddress)} />
                  </td>
                  <td className="amount-cell">
                    {formatRupees(order.amount)}
                    {order.refundedAmount ? (
                      <>
                        {' '}
                        <span className="refunded-amount">{formatRupees(order.refundedAmount)} refunded</span>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <Clamped text={formatItems(order.items) || '-'} />
                  </td>
                  <td className="col-status">
                    <span className="status-line">
                      <span className="status-badge" data-status={order.status} style={{ backgroundColor: STATUS_BADGE_COLOURS[order.status] }}>
                        {order.status}
                      </span>
                      <button
                        type="button"
                        className="link-btn"
                        aria-expanded={isHistoryOpen}
                        aria-controls={isHistoryOpen ? panelId : undefined}
                        onClick={() => setOpenHistory(isHistoryOpen ? undefined : order._id)}
                      >
                        History
                      </button>
                    </span>
                    <span className="payment-status">payment: {order.paymentStatus}</span>
                  </td>
                  <td className="col-change">
                    <select
                      aria-label={`Change status of ${order.orderId}`}
                      value={isAdminSettableStatus(order.status) ? order.status : ''}
                      disabled={isUpdating || isPending || !hasMove}
                      title={isPending ? 'Payment pending: status cannot be changed' : !hasMove ? 'No status change is possible for this order' : undefined}
                      onChange={(e) => {
                        if (isAdminSettableStatus(e.target.value)) onStatusChange(order, e.target.value);
                      }}
                    >
                      <option value="" disabled>
                        Select
                      </option>
                      {choices.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </select>
                    {isUpdating ? <span className="updating">Updating...</span> : null}
                  </td>
                </tr>
                {isHistoryOpen ? (
                  <tr className="history-row">
                    <td colSpan={COLUMNS.length}>
                      <OrderHistory id={panelId} orderId={order._id} orderNumber={order.orderId} onClose={() => setOpenHistory(undefined)} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
