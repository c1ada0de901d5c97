import { Fragment, useState } from 'react';
import { STATUS_COLOURS, isAdminSettableStatus, isUnattended, ownerChoices, type AdminOrder, type AdminSettableStatus } from '@pickles/shared';
import { formatAddress, formatAmount, formatDateTime, formatItems } from '../format.js';
import { CopyCell } from './copy-cell.js';
import { OrderHistory } from './order-history.js';

export const COLUMNS = ['Order ID', 'Payment ID', 'Name', 'Email', 'Phone', 'Datetime', 'Address', 'Amount', 'Items', 'Order Status', 'Change Status'] as const;

interface OrdersTableProps {
  orders: AdminOrder[];
  updatingIds: ReadonlySet<string>;
  onStatusChange: (order: AdminOrder, status: AdminSettableStatus) => void;
}

export function OrdersTable({ orders, updatingIds, onStatusChange }: OrdersTableProps) {
  const [openHistory, setOpenHistory] = useState<string | undefined>();
  const now = Date.now();
  return (
    <div className="orders-table-wrap">
      <table className="orders-table">
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
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
            return (
              <Fragment key={order._id}>
                <tr className={unattended ? 'order-row unattended-row' : 'order-row'} data-order-id={order.orderId} data-unattended={unattended || undefined}>
                  <td>
                    <CopyCell value={order.orderId} label="Order ID" />
                  </td>
                  <td>
                    <CopyCell value={order.razorpayPaymentId} label="Payment ID" />
                  </td>
                  <td>{order.customerInfo.name || '-'}</td>
                  <td>
                    <CopyCell value={order.customerInfo.email} label="Email" />
                  </td>
                  <td>{order.customerInfo.phone || '-'}</td>
                  <td>{formatDateTime(order.createdAt)}</td>
                  <td className="address-cell">{formatAddress(order.deliveryAddress)}</td>
                  <td className="amount-cell">
                    {formatAmount(order.amount)}
                    {order.refundedAmount ? (
                      <>
                        {' '}
                        <span className="refunded-amount">{formatAmount(order.refundedAmount)} refunded</span>
                      </>
                    ) : null}
                  </td>
                  <td>{formatItems(order.items) || '-'}</td>
                  <td>
                    <span className="status-badge" data-status={order.status} style={{ backgroundColor: STATUS_COLOURS[order.status] }}>
                      {order.status}
                    </span>
                    <span className="payment-status">payment: {order.paymentStatus}</span>
                    <button
                      type="button"
                      className="link-btn"
                      aria-expanded={openHistory === order._id}
                      onClick={() => setOpenHistory(openHistory === order._id ? undefined : order._id)}
                    >
                      History
                    </button>
                  </td>
                  <td>
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
                {openHistory === order._id ? (
                  <tr className="history-row">
                    <td colSpan={COLUMNS.length}>
                      <OrderHistory orderId={order._id} />
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
