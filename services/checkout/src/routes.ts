import { Router, type Request } from 'express';
import { byClient, limitRule, rateLimiter, STOCK_HOLD_GRACE_MINUTES } from '@pickles/service-kit';
import { createOrderHandler, type CheckoutLimits, type CreateOrderDeps } from './handlers/create-order.js';
import { createJarHolds } from './jar-holds.js';
import { trackByContactHandler, trackBySignedLinkHandler, type TrackOrderDeps } from './handlers/track-order.js';
import { trackInvoiceHandler } from './handlers/track-invoice.js';
import { availabilityHandler } from './handlers/availability.js';
import { catalogueHandler } from './handlers/catalogue.js';
import { productPhotoHandler } from './handlers/product-photo.js';
import { submitComplaintHandler } from './handlers/submit-complaint.js';
import { pincodeLookupHandler } from './handlers/pincode-lookup.js';
import { discountCheckHandler } from './handlers/discount-check.js';
import { confirmLinkHandler, notifyMeHandler, unsubscribeLinkHandler } from './handlers/notify-me.js';

/** An e-mail address as counted: trimmed, lower case; undefined when there is none to count. */
const emailKey = (email: unknown) => (typeof email === 'string' && email.length <= 200 ? email.trim().toLowerCase() : undefined);

/** The customer's e-mail of a create-order body, when there is one to count. */
const byEmail = (req: Request) => emailKey((req.body as { customerInfo?: { email?: unknown } } | undefined)?.customerInfo?.email);

/** The address a complaint asks the shop to write to. */
const byComplaintEmail = (req: Request) => emailKey((req.body as { email?: unknown } | undefined)?.email);

/** The address a "next batch" sign-up names. */
const byNotifyMeEmail = (req: Request) => emailKey((req.body as { email?: unknown } | undefined)?.email);

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

export interface NotifyMeLimits {
  /** Sign-ups one client may send per hour (NOTIFY_ME_LIMIT_PER_CLIENT). */
  perClientPerHour: number;
  /** Sign-ups naming one e-mail address per day, from anywhere (NOTIFY_ME_LIMIT_PER_EMAIL). */
  perEmailPerDay: number;
}

export function routes(deps: CreateOrderDeps & TrackOrderDeps, limits: CheckoutLimits, tracking: TrackingLimits, complaints: ComplaintLimits, notifyMe: NotifyMeLimits): Router {
  const router = Router();
  const limitedBy = rateLimiter(limits.redis, limits.prefix, deps.logger);
  const limited = limitedBy(limitRule('create-order:client', byClient, limits.perClientPerMinute), limitRule('create-order:email', byEmail, limits.perEmailPerHour));
  const paymentWindowMinutes = limits.paymentWindowMinutes ?? 10;
  const jarHolds = createJarHolds(limits.redis, limits.prefix, { perClient: 30, perContact: 20, holdMinutes: paymentWindowMinutes + STOCK_HOLD_GRACE_MINUTES, ...limits.heldJars }, deps.logger);
  router.post('/api/payment/create-order', limited, createOrderHandler(deps, { jarHolds, paymentWindowSeconds: paymentWindowMinutes * 60 }));

  // Checking codes is counted per client, so nobody guesses the owner's codes by trying many.
  const discountCheckLimited = limitedBy(limitRule('discount-check:client', byClient, limits.discountChecksPerClientPerMinute));
  router.post('/api/discount-codes/check', discountCheckLimited, discountCheckHandler(deps));

  const lookupLimited = limitedBy(limitRule('track:client', byClient, tracking.perClientPerMinute), limitRule('track:order', byOrderNumber, tracking.perOrderPerHour));
  const linkLimited = limitedBy(limitRule('track-link:client', byClient, tracking.linksPerClientPerMinute));
  router.post('/api/track', lookupLimited, trackByContactHandler(deps));
  router.get('/api/track', linkLimited, trackBySignedLinkHandler(deps));
  router.get('/api/track/invoice', linkLimited, trackInvoiceHandler(deps));
  // A read of a few rows per storefront view, as cheap as the pages themselves: not rate limited.
  router.get('/api/catalogue/availability', availabilityHandler(deps));
  router.get('/api/catalogue', catalogueHandler(deps));
  // Product photos (decision 027): immutable, cached by browsers for a year, so asked once per shopper.
  router.get('/api/catalogue/photos/:file', productPhotoHandler(deps));
  // India Post's directory, from memory: public data, cheap to answer, cached by the browser for a day.
  router.get('/api/pincodes/:pincode', pincodeLookupHandler());

  const complaintLimited = limitedBy(limitRule('complaint:client', byClient, complaints.perClientPerHour), limitRule('complaint:email', byComplaintEmail, complaints.perEmailPerDay));
  router.post('/api/complaints', complaintLimited, submitComplaintHandler(deps));

  // "Tell me when the next batch is ready" (decision 029): a sign-up may send a confirmation e-mail,
  // so a client, and an address from anywhere, are limited before anything is written.
  const notifyMeLimited = limitedBy(limitRule('notify-me:client', byClient, notifyMe.perClientPerHour), limitRule('notify-me:email', byNotifyMeEmail, notifyMe.perEmailPerDay));
  router.post('/api/notify-me', notifyMeLimited, notifyMeHandler(deps));
  // The links in its e-mails: signed, counted per client like the tracking links.
  const notifyLinkLimited = limitedBy(limitRule('notify-link:client', byClient, tracking.linksPerClientPerMinute));
  router.get('/api/notify-me/confirm', notifyLinkLimited, confirmLinkHandler(deps, 'GET'));
  router.post('/api/notify-me/confirm', notifyLinkLimited, confirmLinkHandler(deps, 'POST'));
  router.get('/api/notify-me/unsubscribe', notifyLinkLimited, unsubscribeLinkHandler(deps, 'GET'));
  router.post('/api/notify-me/unsubscribe', notifyLinkLimited, unsubscribeLinkHandler(deps, 'POST'));
  return router;
}
