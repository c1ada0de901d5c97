import { useState } from 'react';
import type { AdminOrderDetailResponse, OrderShipment, ShipmentDeliveryStatus } from '@pickles/shared';
import { failureText } from '../../../lib/api-failure.js';
import { cancelShipment, shipmentLabel, shipOrder } from '../api/ship-order.js';
import { formatDateTime } from '../format.js';
import { BusyButton } from './busy-button.js';
import { CourierPicker } from './courier-picker.js';
import { Section } from './order-sections.js';
import { Term } from '../../../components/ui/term.js';

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
  cancelled: 'Booking cancelled',
};

/** The manual path: the Dispatch card's form, brought into view with its first field focused. */
function goToManualDispatch() {
  const card = document.querySelector<HTMLElement>('section[aria-label="Dispatch"]');
  card?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  card?.querySelector<HTMLElement>('select, input')?.focus({ preventScroll: true });
}

interface ShipmentSectionProps {
  detail: AdminOrderDetailResponse;
  onChanged: (notice: { kind: 'done' | 'failed'; text: string }) => void;
}

/**
 * Shipping through the courier: Ship (when a courier is configured and the order may ship) opens the
 * courier picker; the booking's state (a pending one says why and that the shop keeps trying), the
 * label to print, Cancel booking before pickup, and the courier's events, oldest first.
 */
export function ShipmentSection({ detail, onChanged }: ShipmentSectionProps) {
  const { order, shipment, canShip, canCancelShipment } = detail;
  const [busy, setBusy] = useState<'ship' | 'label' | 'cancel' | undefined>();
  const [isPicking, setIsPicking] = useState(false);
  const [shipFailure, setShipFailure] = useState<string | undefined>();
  if (!shipment && !canShip) return null;

  const ship = async (courierId: number | undefined) => {
    setBusy('ship');
    setShipFailure(undefined);
    try {
      const response = await shipOrder(order._id, courierId);
      setIsPicking(false);
      onChanged(
        response.shipment.state === 'booked'
          ? { kind: 'done', text: `Booked with ${response.shipment.courierName}: AWB ${response.shipment.awb}. The shopper is e-mailed the tracking link.` }
          : { kind: 'failed', text: 'The courier did not answer: the booking is pending and the shop keeps trying. This page shows when it is booked.' },
      );
    } catch (cause) {
      // Said in the picker, which stays open: the owner may choose another courier.
      setShipFailure(failureText(cause, 'The order could not be shipped'));
      onChanged({ kind: 'failed', text: failureText(cause, 'The order could not be shipped') });
    } finally {
      setBusy(undefined);
    }
  };

  const cancel = async () => {
    if (!shipment?.awb) return;
    if (!window.confirm(`Cancel the booking of AWB ${shipment.awb}${shipment.courierName ? ` with ${shipment.courierName}` : ''}? The courier will not collect the parcel, and the order goes back to "to ship".`)) return;
    setBusy('cancel');
    try {
      await cancelShipment(order._id);
      onChanged({ kind: 'done', text: `Booking ${shipment.awb} cancelled: the courier will not collect it. Ship it again or record the dispatch by hand.` });
    } catch (cause) {
      onChanged({ kind: 'failed', text: failureText(cause, 'The booking could not be cancelled') });
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
          <BusyButton
            isBusy={busy === 'ship'}
            busyText="Booking…"
            variant="primary"
            onClick={() => {
              setShipFailure(undefined);
              setIsPicking(true);
            }}
          >
            Ship
          </BusyButton>
        ) : shipment?.awb && shipment.state === 'booked' ? (
          <span className="op-card__buttons">
            <BusyButton isBusy={busy === 'label'} busyText="Fetching…" onClick={() => void printLabel()}>
              Print label
            </BusyButton>
            {canCancelShipment ? (
              <BusyButton isBusy={busy === 'cancel'} busyText="Cancelling…" variant="danger" onClick={() => void cancel()}>
                Cancel booking
              </BusyButton>
            ) : null}
          </span>
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
            {shipment.pickupScheduledAt && shipment.state !== 'cancelled' ? <Term label="Pickup">{formatDateTime(shipment.pickupScheduledAt)}</Term> : null}
            {shipment.cancelledAt ? <Term label="Cancelled">{formatDateTime(shipment.cancelledAt)}</Term> : null}
            {shipment.deliveryStatus ? (
              <Term label="Now" testId="delivery-status">
                {DELIVERY_STATUS_LABELS[shipment.deliveryStatus]}
              </Term>
            ) : null}
            {shipment.expectedDeliveryAt && shipment.state !== 'cancelled' ? <Term label="Expected">{formatDateTime(shipment.expectedDeliveryAt)}</Term> : null}
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
      {isPicking ? (
        <CourierPicker
          orderId={order._id}
          orderNumber={order.orderId}
          isBooking={busy === 'ship'}
          failure={shipFailure}
          onClose={() => setIsPicking(false)}
          onBook={(courierId) => void ship(courierId)}
          onManual={() => {
            setIsPicking(false);
            // After the dialog has closed and handed focus back to Ship.
            window.setTimeout(goToManualDispatch, 0);
          }}
        />
      ) : null}
    </Section>
  );
}
