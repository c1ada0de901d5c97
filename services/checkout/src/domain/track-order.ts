import type { Db } from '@pickles/db';
import { isShipmentDeliveryStatus, paiseToRupees, promiseDelivery, promiseFromCourier, promiseFromDispatch, UNKNOWN_ZONE, type DeliveryPromise, type ShopperOrderStage, type TrackOrderResponse } from '@pickles/shared';
import { courierTrackingUrl, findCourier } from '@pickles/shared/couriers';
import { shopperStage } from '@pickles/shared/shopper-stage';
import { renderTaxDocumentPdf, type TaxDocument } from '@pickles/invoices';
import { findTrackedInvoice, findTrackedOrder, type SignedLink, type TrackedOrder, type TrackingProof } from '../db/tracked-order.js';

export type { SignedLink, TrackingProof };

/**
 * The courier's name as shoppers read it. admin-orders stores a known courier's id, or for "other"
 * the owner's own name for the courier ("other" itself when they gave none), as the e-mails read it.
 */
export function courierName(courier: string): string {
  const known = findCourier(courier);
  if (known && known.id !== 'other') return known.name;
  return courier === 'other' || !courier.trim() ? 'our courier' : courier.trim();
}

/** Only web links are shown as links (never javascript: or data:). */
function webLink(url: string | null | undefined): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** The order's delivery promise while it is on its way: from the order's day, then from the dispatch's. */
function promiseOf(order: TrackedOrder, stage: ShopperOrderStage): DeliveryPromise | null {
  const zone = order.deliveryZone ?? UNKNOWN_ZONE;
  if (stage === 'paid') return promiseDelivery(zone, order.createdAt);
  if (stage === 'dispatched' && order.dispatch) {
    // The courier's expected day, once it gives one, is the promise; until then its part of ours.
    if (order.courierExpectedAt) return promiseFromCourier(zone, new Date(order.dispatch.dispatchedAt), order.courierExpectedAt);
    return promiseFromDispatch(zone, new Date(order.dispatch.dispatchedAt));
  }
  return null;
}

export function toTrackResponse(order: TrackedOrder): TrackOrderResponse {
  const dispatch = order.dispatch && {
    courierName: courierName(order.dispatch.courier),
    awb: order.dispatch.awb,
    trackingUrl: webLink(order.dispatch.trackingUrl ?? courierTrackingUrl(order.dispatch.courier, order.dispatch.awb)),
    dispatchedAt: new Date(order.dispatch.dispatchedAt).toISOString(),
  };
  const { stage, headline, next } = shopperStage({
    status: order.status,
    paymentStatus: order.paymentStatus,
    courierName: dispatch ? dispatch.courierName : null,
    amountPaise: order.amountPaise,
    refundedPaise: order.refundedPaise,
    refundsInProgress: order.refunds.filter((refund) => refund.status === 'pending').length,
  });
  return {
    success: true,
    orderNumber: order.orderNumber,
    placedAt: order.createdAt.toISOString(),
    stage,
    headline,
    next,
    items: order.items,
    amount: paiseToRupees(order.amountPaise),
    dispatch,
    refunds: order.refunds.map((refund) => ({
      amount: paiseToRupees(refund.amountPaise),
      state: refund.status === 'pending' ? 'in-progress' : refund.status,
      requestedAt: new Date(refund.requestedAt).toISOString(),
    })),
    invoiceNumber: order.invoiceNumber,
    deliveryPromise: promiseOf(order, stage),
    courierEvents: order.courierEvents.filter((event): event is TrackOrderResponse['courierEvents'][number] => isShipmentDeliveryStatus(event.status)),
  };
}

/**
 * The shopper's order as /track shows it, when the proof (the contact typed, or a signed link) opens
 * it; undefined for every lookup that finds nothing, whatever the reason.
 */
export async function trackOrder(db: Db, orderNumber: string, proof: TrackingProof): Promise<TrackOrderResponse | undefined> {
  const order = await findTrackedOrder(db, orderNumber, proof);
  return order && toTrackResponse(order);
}

/**
 * The GST tax invoice of the order a signed link opens, and its PDF rendered from the stored
 * document; undefined for a bad link, an unknown order and an order not yet invoiced alike.
 */
export async function trackedInvoicePdf(db: Db, orderNumber: string, link: SignedLink): Promise<{ invoice: TaxDocument; pdf: Buffer } | undefined> {
  const invoice = await findTrackedInvoice(db, orderNumber, link);
  return invoice && { invoice, pdf: await renderTaxDocumentPdf(invoice) };
}
