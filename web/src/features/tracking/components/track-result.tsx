import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import type { ShipmentDeliveryStatus, ShopperOrderStage, TrackOrderResponse } from '@pickles/shared/api';
import { formatRupees } from '@pickles/shared/money';
import { paths } from '../../../config/paths.js';
import { DeliveryPromiseText } from '../../../components/ui/delivery-promise.js';
import { GroupedTerm } from '../../../components/ui/term.js';
import { invoiceDownloadUrl } from '../api/track-order.js';
import { formatIndiaDay, formatIndiaTime } from '@pickles/shared/india-time';

/** The road of an order that goes on; the other stages (cancelled, refunded, unpaid) have none. */
const STEPS = ['Confirmed', 'Dispatched', 'Delivered'] as const;
const STEP_OF: Partial<Record<ShopperOrderStage, number>> = { paid: 0, dispatched: 1, delivered: 2 };

const REFUND_STATE = {
  'in-progress': 'Being processed',
  processed: 'Refunded',
  failed: 'Did not go through: we will contact you',
} as const;

function Progress({ stage }: { stage: ShopperOrderStage }) {
  const current = STEP_OF[stage];
  if (current === undefined) return null;
  return (
    <ol className="track-steps" aria-label="Progress">
      {STEPS.map((step, index) => (
        <li key={step} className={index <= current ? 'is-done' : undefined} aria-current={index === current ? 'step' : undefined}>
          <span className="track-steps__dot" aria-hidden="true" />
          {step}
        </li>
      ))}
    </ol>
  );
}

/**
 * The GST tax invoice, once issued. Its download needs the signed link's token; a shopper who typed
 * the phone or e-mail has none, and is sent to the confirmation e-mail, which has the link.
 */
function Invoice({ orderNumber, invoiceNumber, linkToken }: { orderNumber: string; invoiceNumber: string; linkToken?: string }) {
  if (linkToken) {
    return (
      <p className="track-invoice">
        <a href={invoiceDownloadUrl(orderNumber, linkToken)}>
          Download GST tax invoice <span className="track-invoice__number">({invoiceNumber})</span>
        </a>
      </p>
    );
  }
  return (
    <p className="track-invoice">
      GST tax invoice <span className="track-invoice__number">{invoiceNumber}</span>: the download link is in your confirmation e-mail.
    </p>
  );
}

/** The courier's events as a shopper reads them. */
const COURIER_EVENT_WORDS: Record<ShipmentDeliveryStatus, string> = {
  'pickup-scheduled': 'Pickup booked',
  'picked-up': 'Picked up from our kitchen',
  'in-transit': 'On its way',
  'out-for-delivery': 'Out for delivery',
  delivered: 'Delivered',
  undelivered: 'Delivery attempt failed',
  'rto-initiated': 'Being returned to us',
  'rto-delivered': 'Returned to us',
  cancelled: 'Shipment cancelled',
  other: 'Courier update',
};

/** What the courier reported, newest first (the latest is what the shopper looks for). */
function CourierEvents({ events }: { events: TrackOrderResponse['courierEvents'] }) {
  return (
    <ol className="track-events" aria-label="What the courier reported" data-testid="track-events">
      {[...events].reverse().map((event) => (
        <li key={`${event.status}-${event.occurredAt}`} className={event.status === 'undelivered' ? 'track-events__item track-events__item--problem' : 'track-events__item'}>
          <span className="track-events__what">{COURIER_EVENT_WORDS[event.status]}</span>
          {event.reason ? <span className="track-events__reason">{event.reason}</span> : null}
          <span className="track-events__when">
            {formatIndiaDay(event.occurredAt)}, {formatIndiaTime(event.occurredAt)}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** One order as the tracking lookup answered it: where it is, what happens next, the parcel and the money. */
export function TrackResult({ order, linkToken, headingRef }: { order: TrackOrderResponse; linkToken?: string; headingRef: Ref<HTMLHeadingElement> }) {
  const { dispatch } = order;
  return (
    <section className={`track-result card track-result--${order.stage}`} aria-labelledby="track-result-title" data-testid="track-result">
      <p className="track-result__order">
        <span>
          Order <strong>{order.orderNumber}</strong>
        </span>
        <span>
          Placed {formatIndiaDay(order.placedAt)}, <span className="track-result__time">{formatIndiaTime(order.placedAt)}</span>
        </span>
      </p>
      <h2 id="track-result-title" ref={headingRef} tabIndex={-1}>
        {order.headline}
      </h2>
      <p className="track-result__next">{order.next}</p>
      {order.deliveryPromise ? (
        <p className="track-result__delivery" data-testid="track-delivery">
          <DeliveryPromiseText promise={order.deliveryPromise} />
        </p>
      ) : null}
      <Progress stage={order.stage} />

      {dispatch ? (
        <div className="track-block track-dispatch">
          <h3>Parcel</h3>
          <dl className="track-facts">
            <GroupedTerm label="Courier">{dispatch.courierName}</GroupedTerm>
            <GroupedTerm label="Tracking number (AWB)" className="track-facts__awb">
              {dispatch.awb}
            </GroupedTerm>
            <GroupedTerm label="Dispatched">{formatIndiaDay(dispatch.dispatchedAt)}</GroupedTerm>
          </dl>
          {order.courierEvents.length ? <CourierEvents events={order.courierEvents} /> : null}
          {dispatch.trackingUrl ? (
            <a
              className="btn btn-primary track-dispatch__link"
              href={dispatch.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Track with ${dispatch.courierName} (opens in a new tab)`}
            >
              Track with {dispatch.courierName}
            </a>
          ) : null}
        </div>
      ) : null}

      <div className="track-block">
        <h3>Your order</h3>
        <ul className="track-items receipt-lines">
          {order.items.map((item) => (
            <li key={item.name}>
              <span>{item.name}</span>
              <span className="track-items__qty">x {item.quantity}</span>
            </li>
          ))}
        </ul>
        <p className="track-total receipt-total">
          <span>Order total</span>
          <strong>{formatRupees(order.amount)}</strong>
        </p>
        {order.invoiceNumber ? <Invoice orderNumber={order.orderNumber} invoiceNumber={order.invoiceNumber} linkToken={linkToken} /> : null}
      </div>

      {order.refunds.length ? (
        <div className="track-block">
          <h3>Refunds</h3>
          <ul className="track-refunds">
            {order.refunds.map((refund) => (
              <li key={`${refund.requestedAt}-${refund.amount}`} className={`track-refunds__${refund.state}`}>
                <strong>{formatRupees(refund.amount)}</strong>
                <span>{REFUND_STATE[refund.state]}</span>
                <span className="track-refunds__date">Started {formatIndiaDay(refund.requestedAt)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <p className="track-complaint">
        Something wrong with this order? <Link to={`${paths.complaint}?${new URLSearchParams({ order: order.orderNumber }).toString()}`}>Raise a complaint</Link>
      </p>
    </section>
  );
}
