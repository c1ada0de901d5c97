import type { RequestHandler, Response } from 'express';
import type { Db } from '@pickles/db';
import { parseOrThrow, trackingTokenVersion } from '@pickles/service-kit';
import { isShipmentDeliveryStatus, paiseToRupees, promiseDelivery, promiseFromCourier, promiseFromDispatch, UNKNOWN_ZONE, type DeliveryPromise, type ShopperOrderStage, type TrackOrderResponse } from '@pickles/shared';
import { courierTrackingUrl, findCourier } from '@pickles/shared/couriers';
import { shopperStage } from '@pickles/shared/shopper-stage';
import { parseTrackingContact, trackLinkQuerySchema, trackOrderRequestSchema, TRACKING_MESSAGES } from '@pickles/shared/tracking-requests';
import { findTrackedOrder, type TrackedOrder, type TrackingProof } from '../db/tracked-order.js';

export interface TrackOrderDeps {
  db: Db;
  /** Signs the links in e-mails (TRACKING_LINK_SECRET). */
  trackingLinkSecret: string;
  /** TRACKING_LINK_DAYS: how long after an order was delivered, completed or cancelled its links still open it. */
  trackingLinkDays: number;
}

/** What a link's query proves: the order number and the link version its signature carries (undefined: none). */
export function signedLinkOf(query: unknown, { trackingLinkSecret, trackingLinkDays }: Pick<TrackOrderDeps, 'trackingLinkSecret' | 'trackingLinkDays'>) {
  const parsed = trackLinkQuerySchema.safeParse(query);
  const orderNumber = parsed.success ? parsed.data.order : '';
  const version = parsed.success ? trackingTokenVersion(trackingLinkSecret, orderNumber, parsed.data.t) : undefined;
  return { orderNumber, link: { kind: 'signed' as const, version, daysAfterClosed: trackingLinkDays } };
}

/** The one answer to every lookup that finds nothing, whatever the reason. */
const NOT_FOUND = { success: false, error: TRACKING_MESSAGES.notFound } as const;

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

/** Found or not, the answer is never cached: it is about one shopper's order and changes. */
async function answer(res: Response, db: Db, orderNumber: string, proof: TrackingProof): Promise<void> {
  const order = await findTrackedOrder(db, orderNumber, proof);
  res.setHeader('Cache-Control', 'no-store');
  if (!order) {
    res.status(404).json(NOT_FOUND);
    return;
  }
  res.json(toTrackResponse(order));
}

/** POST /api/track { orderNumber, contact }: the form on /track. */
export function trackByContactHandler({ db }: TrackOrderDeps): RequestHandler {
  return async (req, res) => {
    const { orderNumber, contact } = parseOrThrow(trackOrderRequestSchema, req.body);
    // The schema accepted it, so it parses.
    await answer(res, db, orderNumber, parseTrackingContact(contact)!);
  };
}

/**
 * GET /api/track?order=…&t=…: the signed link of the e-mails. A bad, mangled, revoked or expired
 * link runs the same query with a proof that does not match, so it answers like an unknown order.
 */
export function trackBySignedLinkHandler(deps: TrackOrderDeps): RequestHandler {
  return async (req, res) => {
    const { orderNumber, link } = signedLinkOf(req.query, deps);
    await answer(res, deps.db, orderNumber, link);
  };
}
