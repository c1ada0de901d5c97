import type { RequestHandler, Response } from 'express';
import type { Db } from '@pickles/db';
import { parseOrThrow, trackingTokenVersion } from '@pickles/service-kit';
import { parseTrackingContact, trackLinkQuerySchema, trackOrderRequestSchema, TRACKING_MESSAGES } from '@pickles/shared/tracking-requests';
import { trackOrder, type TrackingProof } from '../domain/track-order.js';

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

/** Found or not, the answer is never cached: it is about one shopper's order and changes. */
async function answer(res: Response, db: Db, orderNumber: string, proof: TrackingProof): Promise<void> {
  const body = await trackOrder(db, orderNumber, proof);
  res.setHeader('Cache-Control', 'no-store');
  if (!body) {
    res.status(404).json(NOT_FOUND);
    return;
  }
  res.json(body);
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
