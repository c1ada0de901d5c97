import type { AdminOrderCards } from '@pickles/shared/api';
import { ORDER_STATUSES, STATUS_COLOURS } from '@pickles/shared/order-status';

/**
 * Total orders, a colour-coded count per status (the colour on the card's top edge; the label stays
 * dark, as yellow or orange text on white is unreadable) and 'Unattended >3d', over every order on the panel.
 */
export function StatusCards({ cards }: { cards: AdminOrderCards | undefined }) {
  const count = (n: number | undefined) => (cards ? n ?? 0 : '…');
  return (
    <section className="status-cards" aria-label="Order summary">
      <div className="status-card status-card-total" data-card="total">
        <span className="status-card-label">Total Orders</span>
        <strong className="status-card-count">{count(cards?.total)}</strong>
      </div>
      {ORDER_STATUSES.map((status) => (
        <div key={status} className="status-card" data-card={status} style={{ borderTopColor: STATUS_COLOURS[status] }}>
          <span className="status-card-label">{status}</span>
          <strong className="status-card-count">{count(cards?.byStatus[status])}</strong>
        </div>
      ))}
      <div className="status-card status-card-unattended" data-card="unattended">
        <span className="status-card-label">Unattended &gt;3d</span>
        <strong className="status-card-count">{count(cards?.unattended)}</strong>
      </div>
    </section>
  );
}
