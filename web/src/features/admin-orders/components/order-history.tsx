import { useEffect, useRef, useState } from 'react';
import type { OrderHistoryEntry } from '@pickles/shared';
import { getOrderHistory } from '../api/get-history.js';
import { formatDateTime } from '../format.js';

interface OrderHistoryProps {
  id: string;
  orderId: string;
  orderNumber: string;
  onClose: () => void;
}

/**
 * Who changed the order's status, when, from and to: a panel under the row that stays at the left of
 * the table's visible part however far the table is scrolled (admin-orders.css, .history-panel).
 */
export function OrderHistory({ id, orderId, orderNumber, onClose }: OrderHistoryProps) {
  const [history, setHistory] = useState<OrderHistoryEntry[] | undefined>();
  const [hasError, setHasError] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let isCurrent = true;
    getOrderHistory(orderId).then(
      (res) => isCurrent && setHistory(res.history),
      () => isCurrent && setHasError(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [orderId]);

  // Opened from a row near the bottom of the window, the panel would start below it: bring it up,
  // once when it opens and again when the history has arrived and it is taller.
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [history, hasError]);

  return (
    <div className="history-panel" id={id} ref={panel}>
      <div className="history-panel__head">
        <h3 className="history-panel__title">Status history of {orderNumber}</h3>
        <button type="button" className="link-btn" onClick={onClose}>
          Close
        </button>
      </div>
      {hasError ? (
        <p className="history-error">Failed to load the history</p>
      ) : !history ? (
        <p>Loading history...</p>
      ) : !history.length ? (
        <p>No status changes recorded.</p>
      ) : (
        <div className="history-scroll">
          <table className="history-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Payment</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {history.map((entry, i) => (
                <tr key={i}>
                  <td>{formatDateTime(entry.changedAt)}</td>
                  <td>{entry.fromStatus ?? '-'}</td>
                  <td>{entry.toStatus}</td>
                  <td>{entry.toPaymentStatus ? `${entry.fromPaymentStatus ?? '-'} → ${entry.toPaymentStatus}` : '-'}</td>
                  <td>{entry.changedBy}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
