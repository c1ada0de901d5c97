import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { addressLines } from '@pickles/shared/address';
import { formatDateTime } from '../format.js';
import { useOrderDetail } from '../hooks/use-order-detail.js';
import { ColumnHeads } from './data-table.js';
import { LoadFailure } from './order-page.js';
import '../order-page.css';

const SLIP_COLUMNS = [{ label: 'Item' }, { label: 'Quantity', className: 'op-num' }, { label: 'Packed', className: 'packing-slip__check' }];

/**
 * /admin/orders/:id/packing-slip: a page to print and put in the parcel, with a large address label
 * (name, address, PIN, phone), the order number and the items. Printing hides the site's header,
 * footer and the buttons (order-page.css).
 */
export function PackingSlip({ id }: { id: string }) {
  const { detail, failure, isLoading, refresh } = useOrderDetail(id);
  if (!detail) {
    if (isLoading) return <p role="status" className="admin-width op-page">Loading the order...</p>;
    return <LoadFailure status={failure?.status} error={failure?.error ?? 'Unknown error'} onRetry={() => void refresh()} />;
  }
  const { order } = detail;
  const address = order.deliveryAddress;
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <div className="packing-slip">
      <div className="packing-slip__toolbar op-no-print">
        <Link to={paths.adminOrder(order._id)} className="op-back">
          <span aria-hidden="true">←</span> Back to the order
        </Link>
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          Print
        </button>
      </div>

      <section className="address-label" aria-label="Address label">
        <p className="address-label__to">Deliver to</p>
        <p className="address-label__name">{order.customerInfo.name}</p>
        <address className="address-label__address">
          {addressLines(address).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </address>
        <p className="address-label__pin">PIN {address.pincode}</p>
        <p className="address-label__phone">Phone +91 {order.customerInfo.phone}</p>
        <p className="address-label__order">Order {order.orderId}</p>
      </section>

      <section className="packing-slip__contents" aria-label="Packing list">
        <h1>Packing slip</h1>
        <p className="packing-slip__meta">
          Order <strong>{order.orderId}</strong> · placed {formatDateTime(order.createdAt)} · from Royal Pickles
        </p>
        <table className="packing-slip__items">
          <ColumnHeads columns={SLIP_COLUMNS} />
          <tbody>
            {order.items.map((item, index) => (
              <tr key={`${item.name}-${index}`}>
                <td>{item.name}</td>
                <td className="op-num">{item.quantity}</td>
                <td className="packing-slip__check">
                  <span className="packing-slip__box" aria-hidden="true" />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Items in all</th>
              <td className="op-num">{count}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </section>
    </div>
  );
}
