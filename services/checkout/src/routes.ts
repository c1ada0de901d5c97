import { Router, type Request } from 'express';
import { byClient, rateLimit, STOCK_HOLD_GRACE_MINUTES } from '@pickles/service-kit';
import { createOrderHandler, type CheckoutLimits, type CreateOrderDeps } from './handlers/create-order.js';
import { createJarHolds } from './jar-holds.js';
import { trackByContactHandler, trackBySignedLinkHandler, type TrackOrderDeps } from './handlers/track-order.js';
import { trackInvoiceHandler } from './handlers/track-invoice.js';
import { availabilityHandler } from './handlers/availability.js';
import { catalogueHandler } from './handlers/catalogue.js';
import { submitComplaintHandler } from './handlers/submit-complaint.js';
import { pincodeLookupHandler } from './handlers/pincode-lookup.js';
import { discountCheckHandler } from './handlers/discount-check.js';

/** An e-mail address as counted: trimmed, lower case; undefined when there is none to count. */
const emailKey = (email: unknown) => (typeof email === 'string' && email.length <= 200 ? email.trim().toLowerCase() : undefined);

/** The customer's e-mail of a create-order body, when there is one to count. */
const byEmail = (req: Request) => emailKey((req.body as { customerInfo?: { email?: unknown } } | undefined)?.customerInfo?.email);

/** The address a complaint asks the shop to write to. */
const byComplaintEmail = (req: Request) => emailKey((req.body as { email?: unknown } | undefined)?.email);

/** The order number a tracking lookup asks about, as the schema reads it (any case, spaces around). */
const byOrderNumber = (req: Request) => {
  const orderNumber = (req.body as { orderNumber?: unknown } | undefined)?.orderNumber;
  return typeof orderNumber === 'string' && orderNumber.length <= 40 ? orderNumber.trim().toUpperCase() : undefined;
};

export interface TrackingLimits {
  perClientPerMinute: number;
  perOrderPerHour: number;
  linksPerClientPerMinute: number;
}

export interface ComplaintLimits {
  /** Complaints one client may send per hour (COMPLAINT_LIMIT_PER_CLIENT): each e-mails the shopper and the owner. */
  perClientPerHour: number;
  /** Complaints naming one e-mail address per day, from anywhere (COMPLAINT_LIMIT_PER_EMAIL): nobody's inbox is filled by the shop. */
  perEmailPerDay: number;
}

export function routes(deps: CreateOrderDeps & TrackOrderDeps, limits: CheckoutLimits, tracking: TrackingLimits, complaints: ComplaintLimits): Router {
  const router = Router();
  const limited = rateLimit(
    limits.redis,
    limits.prefix,
    [
      { name: 'create-order:client', points: limits.perClientPerMinute, perSeconds: 60, key: byClient, message: 'Too many orders from this connection. Please wait a minute and try again.' },
      { name: 'create-order:email', points: limits.perEmailPerHour, perSeconds: 3600, key: byEmail, message: 'Too many orders for this e-mail address. Please try again later.' },
    ],
    deps.logger,
  );
  const paymentWindowMinutes = limits.paymentWindowMinutes ?? 10;
  const jarHolds = createJarHolds(limits.redis, limits.prefix, { perClient: 30, perContact: 20, holdMinutes: paymentWindowMinutes + STOCK_HOLD_GRACE_MINUTES, ...limits.heldJars }, deps.logger);
  router.post('/api/payment/create-order', limited, createOrderHandler(deps, { jarHolds, paymentWindowSeconds: paymentWindowMinutes * 60 }));

  // Checking codes is counted per client, so nobody guesses the owner's codes by trying many.
  const discountCheckLimited = rateLimit(
    limits.redis,
    limits.prefix,
    [{ name: 'discount-check:client', points: 20, perSeconds: 60, key: byClient, message: 'Too many discount codes tried from this connection. Please wait a minute and try again.' }],
    deps.logger,
  );
  router.post('/api/discount-codes/check', discountCheckLimited, discountCheckHandler(deps));

  // Lookups are counted whether or not they find an order, so a 429 says nothing about the order either.
  const lookupLimited = rateLimit(
    limits.redis,
    limits.prefix,
    [
      { name: 'track:client', points: tracking.perClientPerMinute, perSeconds: 60, key: byClient, message: 'Too many order lookups from this connection. Please wait a minute and try again.' },
      { name: 'track:order', points: tracking.perOrderPerHour, perSeconds: 3600, key: byOrderNumber, message: 'Too many lookups for this order number. Please try again in an hour.' },
    ],
    deps.logger,
  );
  const linkLimited = rateLimit(
    limits.redis,
    limits.prefix,
    [{ name: 'track-link:client', points: tracking.linksPerClientPerMinute, perSeconds: 60, key: byClient, message: 'Too many order lookups from this connection. Please wait a minute and try again.' }],
    deps.logger,
  );
  router.post('/api/track', lookupLimited, trackByContactHandler(deps));
  router.get('/api/track', linkLimited, trackBySignedLinkHandler(deps));
  router.get('/api/track/invoice', linkLimited, trackInvoiceHandler(deps));
  // A read of a few rows per storefront view, as cheap as the pages themselves: not rate limited.
  router.get('/api/catalogue/availability', availabilityHandler(deps));
  router.get('/api/catalogue', catalogueHandler(deps));
  // India Post's directory, from memory: public data, cheap to answer, cached by the browser for a day.
  router.get('/api/pincodes/:pincode', pincodeLookupHandler());

  // Every complaint sends two e-mails: a client sending many is refused before it costs anything.
  const complaintLimited = rateLimit(
    limits.redis,
    limits.prefix,
    [
      { name: 'complaint:client', points: complaints.perClientPerHour, perSeconds: 3600, key: byClient, message: 'Too many complaints from this connection. Please try again in an hour.' },
      { name: 'complaint:email', points: complaints.perEmailPerDay, perSeconds: 86_400, key: byComplaintEmail, message: 'Too many complaints for this e-mail address today. Please write to our grievance officer instead.' },
    ],
    deps.logger,
  );
  router.post('/api/complaints', complaintLimited, submitComplaintHandler(deps));
  return router;
}
