import { useState } from 'react';
import type { AdminOrderDetailResponse, OrderShipment, ShipmentDeliveryStatus } from '@pickles/shared';
import { failureText } from '../../../lib/api-failure.js';
import { shipmentLabel, shipOrder } from '../api/ship-order.js';
import { formatDateTime } from '../format.js';
import { Section } from './order-sections.js';

/** The courier's statuses as the owner reads them. */
export const DELIVERY_STATUS_LABELS: Record<ShipmentDeliveryStatus, string> = {
  'pickup-scheduled': 'Pickup scheduled',
  'picked-up': 'Picked up',
  'in-transit': 'In transit',
  'out-for-delivery': 'Out for delivery',
  delivered: 'Delivered',
  undelivered: 'Delivery failed',
  'rto-initiated': 'Returning to us',
  'rto-delivered': 'Returned to us',
  cancelled: 'Cancelled',
  other: 'Courier update',
};

const STATE_TEXT: Record<OrderShipment['state'], string> = {
  pending: 'Booking pending',
  booked: 'Booked',
  failed: 'Booking refused',
};

interface ShipmentSectionProps {
  detail: AdminOrderDetailResponse;
  onChanged: (notice: { kind: 'done' | 'failed'; text: string }) => void;
}

/**
 * Shipping through the courier: Ship (when a courier is configured and the order may ship), the
 * booking's state (a pending one says why and that the shop keeps trying), the label to print and
 * the courier's events, oldest first.
 */
export function ShipmentSection({ detail, onChanged }: ShipmentSectionProps) {
  const { order, shipment, canShip } = detail;
  const [busy, setBusy] = useState<'ship' | 'label' | undefined>();
  if (!shipment && !canShip) return null;

  const ship = async () => {
    setBusy('ship');
    try {
      const response = await shipOrder(order._id);
      onChanged(
        response.shipment.state === 'booked'
          ? { kind: 'done', text: `Booked with ${response.shipment.courierName}: AWB ${response.shipment.awb}. The shopper is e-mailed the tracking link.` }
          : { kind: 'failed', text: 'The courier did not answer: the booking is pending and the shop keeps trying. This page shows when it is booked.' },
      );
    } catch (cause) {
      onChanged({ kind: 'failed', text: failureText(cause, 'The order could not be shipped') });
    } finally {
      setBusy(undefined);
    }
  };

  const printLabel = async () => {
    setBusy('label');
    try {
      const { url } = await shipmentLabel(order._id);
      window.open(url, '_blank', 'noopener');
    } catch (cause) {
      onChanged({ kind: 'failed', text: failureText(cause, 'The label could not be fetched') });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Section
      title="Courier"
      actions={
        canShip ? (
          <button type="button" className="btn btn-small btn-primary" disabled={busy === 'ship'} onClick={() => void ship()}>
            {busy === 'ship' ? 'Booking…' : 'Ship'}
          </button>
        ) : shipment?.awb ? (
          <button type="button" className="btn btn-small" disabled={busy === 'label'} onClick={() => void printLabel()}>
            {busy === 'label' ? 'Fetching…' : 'Print label'}
          </button>
        ) : null
      }
    >
      {!shipment ? (
        <p className="op-muted">Ship books the courier: a pickup from the kitchen, the AWB and the label to print. The shopper is e-mailed the tracking link.</p>
      ) : (
        <>
          <dl className="op-facts">
            <dt>Booking</dt>
            <dd data-testid="shipment-state">{STATE_TEXT[shipment.state]}</dd>
            {shipment.error ? (
              <>
                <dt>Why</dt>
                <dd className={shipment.state === 'failed' ? 'op-error' : 'op-muted'}>{shipment.error}</dd>
              </>
            ) : null}
            {shipment.awb ? (
              <>
                <dt>AWB</dt>
                <dd>
                  <code>{shipment.awb}</code> {shipment.courierName ? <span className="op-muted">({shipment.courierName})</span> : null}
                </dd>
              </>
            ) : null}
            {shipment.pickupScheduledAt ? (
              <>
                <dt>Pickup</dt>
                <dd>{formatDateTime(shipment.pickupScheduledAt)}</dd>
              </>
            ) : null}
            {shipment.deliveryStatus ? (
              <>
                <dt>Now</dt>
                <dd data-testid="delivery-status">{DELIVERY_STATUS_LABELS[shipment.deliveryStatus]}</dd>
              </>
            ) : null}
            {shipment.expectedDeliveryAt ? (
              <>
                <dt>Expected</dt>
                <dd>{formatDateTime(shipment.expectedDeliveryAt)}</dd>
              </>
            ) : null}
          </dl>
          {shipment.events.length ? (
            <ol className="op-timeline" aria-label="Courier events">
              {shipment.events.map((event) => (
                <li key={`${event.status}-${event.occurredAt}`} className={event.status === 'undelivered' ? 'op-timeline__item op-timeline__item--problem' : 'op-timeline__item'}>
                  <span className="op-timeline__what">{DELIVERY_STATUS_LABELS[event.status]}</span>
                  {event.reason ? <span className="op-timeline__reason">{event.reason}</span> : null}
                  <span className="op-muted op-timeline__when">
                    {formatDateTime(event.occurredAt)}
                    {event.location ? ` · ${event.location}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          ) : null}
        </>
      )}
    </Section>
  );
}
