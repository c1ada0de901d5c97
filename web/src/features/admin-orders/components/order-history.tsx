import { useEffect, useState } from 'react';
import type { OrderHistoryEntry } from '@pickles/shared';
import { getOrderHistory } from '../api/get-history.js';
import { formatDateTime } from '../format.js';

/** Who changed the order's status, when, from and to. */
export function OrderHistory({ orderId }: { orderId: string }) {
  const [history, setHistory] = useState<OrderHistoryEntry[] | undefined>();
  const [hasError, setHasError] = useState(false);
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

  if (hasError) return <p className="history-error">Failed to load the history</p>;
  if (!history) return <p>Loading history...</p>;
  if (!history.length) return <p>No status changes recorded.</p>;
  return (
    <table className="history-table">
      <caption>Status history</caption>
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
  );
}
