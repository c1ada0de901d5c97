import { memo, startTransition, useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { AdminOrder } from '@pickles/shared/api';
import { formatRupees } from '@pickles/shared/money';
import { mayOwner, ownerChoices } from '@pickles/shared/order-lifecycle';
import { STATUS_BADGE_COLOURS, isAdminSettableStatus, isUnattended, type AdminSettableStatus } from '@pickles/shared/order-status';
import { paths } from '../../../config/paths.js';
import { addressOneLine } from '@pickles/shared/address';
import { formatDateTime, formatItems } from '../format.js';
import { CopyCell } from './copy-cell.js';
import { OrderHistory } from './order-history.js';

export const COLUMNS = ['Order ID', 'Payment ID', 'Name', 'Email', 'Phone', 'Datetime', 'Address', 'Amount', 'Items', 'Order Status', 'Change Status'] as const;

/** One class per column, for its width (admin-orders.css); the last two stay in view while the rest scroll. */
const COLUMN_CLASSES = ['col-id', 'col-id', 'col-name', 'col-id', 'col-phone', 'col-date', 'col-address', 'col-amount', 'col-items', 'col-status', 'col-change'] as const;

interface OrdersTableProps {
  orders: AdminOrder[];
  updatingIds: ReadonlySet<string>;
  onStatusChange: (order: AdminOrder, status: AdminSettableStatus) => void;
  /** Orders chosen for "Ship selected"; without onToggleSelect the rows have no checkbox. */
  selectedIds?: ReadonlySet<string>;
  onToggleSelect?: (order: AdminOrder) => void;
}

/** Long text kept to two lines so rows stay compact; the whole text is in the tooltip and the page's text. */
function Clamped({ text }: { text: string }) {
  return (
    <span className="cell-clamp" title={text}>
      {text}
    </span>
  );
}

/** Rows the first list adds per frame (useRowsShown). */
export const ROWS_PER_FRAME = 6;
/** Whether this page has shown a whole list yet: only the first arrives a few rows per frame. */
let wholeListShown = false;

/**
 * How many of `count` rows to render. The first list the panel shows comes a few rows per frame: a
 * page of rows (their buttons and selects) laid out and painted at once is the panel's longest task,
 * about 100 ms of this machine's CPU and four times that on a slow phone, just as the panel appears.
 * The rows above the fold on a phone or a laptop come in the first frame. Every later list (another
 * page, a filter, a reload) replaces the rows at once, as it always did.
 */
function useRowsShown(count: number): number {
  const [shown, setShown] = useState(() => (wholeListShown ? Number.POSITIVE_INFINITY : ROWS_PER_FRAME));
  useEffect(() => {
    if (shown >= count) {
      wholeListShown = true;
      return;
    }
    // The next rows after the frame that paints these, each batch a task of its own.
    let timer: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setShown((n) => n + ROWS_PER_FRAME)), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [shown, count]);
  return shown;
}

export function OrdersTable({ orders, updatingIds, onStatusChange, selectedIds, onToggleSelect }: OrdersTableProps) {
  const rowsShown = useRowsShown(orders.length);
  const [openHistory, setOpenHistory] = useState<string | undefined>();
  const historyId = useId();
  // One clock reading per list the server sent: rows that did not change then skip re-rendering.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const now = useMemo(() => Date.now(), [orders]);
  const toggleHistory = useCallback((id: string) => setOpenHistory((open) => (open === id ? undefined : id)), []);
  const closeHistory = useCallback(() => setOpenHistory(undefined), []);
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
          {orders.slice(0, rowsShown).map((order) => (
            <OrderRow
              key={order._id}
              order={order}
              now={now}
              isUpdating={updatingIds.has(order._id)}
              isSelected={selectedIds?.has(order._id) ?? false}
              onToggleSelect={onToggleSelect}
              isHistoryOpen={openHistory === order._id}
              panelId={`${historyId}-${order._id}`}
              onStatusChange={onStatusChange}
              onToggleHistory={toggleHistory}
              onCloseHistory={closeHistory}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface OrderRowProps {
  order: AdminOrder;
  now: number;
  isUpdating: boolean;
  isSelected: boolean;
  onToggleSelect: ((order: AdminOrder) => void) | undefined;
  isHistoryOpen: boolean;
  panelId: string;
  onStatusChange: (order: AdminOrder, status: AdminSettableStatus) => void;
  onToggleHistory: (id: string) => void;
  onCloseHistory: () => void;
}

/**
 * One order's row (and its history when open). Memoised: a status change, an open history or typing
 * in a filter re-renders the row it concerns, not the whole page of rows.
 */
const OrderRow = memo(function OrderRow({ order, now, isUpdating, isSelected, onToggleSelect, isHistoryOpen, panelId, onStatusChange, onToggleHistory, onCloseHistory }: OrderRowProps) {
  const isPending = order.paymentStatus === 'pending';
  // Only the moves the lifecycle allows (the current status included); the server refuses the rest.
  const choices = ownerChoices(order);
  const hasMove = choices.some((s) => s !== order.status);
  const unattended = isUnattended(order, now);
  return (
    <>
      <tr className={unattended ? 'order-row unattended-row' : 'order-row'} data-order-id={order.orderId} data-unattended={unattended || undefined}>
        <td>
          {/* Only orders the lifecycle lets ship (paid); the server says why any other is refused. */}
          {onToggleSelect && mayOwner(order, 'ship').allowed ? (
            <input type="checkbox" className="ship-select" checked={isSelected} aria-label={`Select ${order.orderId} to ship`} onChange={() => onToggleSelect(order)} />
          ) : null}
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
          <Clamped text={addressOneLine(order.deliveryAddress)} />
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
              onClick={() => onToggleHistory(order._id)}
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
            <OrderHistory id={panelId} orderId={order._id} orderNumber={order.orderId} onClose={onCloseHistory} />
          </td>
        </tr>
      ) : null}
    </>
  );
});
