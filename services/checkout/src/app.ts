import type { Express } from 'express';
import { createServiceApp, DEMO_TRACKING_LINK_SECRET, errorHandler, healthRouter, notFoundHandler, pingRedis, RATE_LIMITS, serviceMetrics } from '@pickles/service-kit';
import { pingDatabase } from '@pickles/db';
import type { CheckoutLimits, CreateOrderDeps } from './handlers/create-order.js';
import { routes, type ComplaintLimits, type NotifyMeLimits, type TrackingLimits } from './routes.js';

export interface TrackingOptions extends TrackingLimits {
  /** TRACKING_LINK_SECRET: signs the links in e-mails. */
  linkSecret: string;
  /** TRACKING_LINK_DAYS: how long after an order was delivered, completed or cancelled its links still open it. */
  linkDays: number;
}

/** The environment's defaults, for callers (tests) that do not look anything up. */
export const TRACKING_DEFAULTS: TrackingOptions = {
  linkSecret: DEMO_TRACKING_LINK_SECRET,
  linkDays: 42,
  perClientPerMinute: RATE_LIMITS['track:client'].points,
  perOrderPerHour: RATE_LIMITS['track:order'].points,
  linksPerClientPerMinute: RATE_LIMITS['track-link:client'].points,
};
export const COMPLAINT_DEFAULTS: ComplaintLimits = { perClientPerHour: RATE_LIMITS['complaint:client'].points, perEmailPerDay: RATE_LIMITS['complaint:email'].points };
export const NOTIFY_ME_DEFAULTS: NotifyMeLimits = { perClientPerHour: RATE_LIMITS['notify-me:client'].points, perEmailPerDay: RATE_LIMITS['notify-me:email'].points };

export function createCheckoutApp(
  deps: CreateOrderDeps & { limits: CheckoutLimits; tracking?: Partial<TrackingOptions>; complaints?: Partial<ComplaintLimits>; notifyMe?: Partial<NotifyMeLimits> },
  isShuttingDown?: () => boolean,
): Express {
  const tracking = { ...TRACKING_DEFAULTS, ...deps.tracking };
  const app = createServiceApp(deps.logger, { metrics: serviceMetrics('checkout', { logger: deps.logger }) });
  app.use(healthRouter('checkout', { postgres: () => pingDatabase(deps.db), redis: () => pingRedis(deps.limits.redis) }, isShuttingDown));
  app.use(routes({ ...deps, trackingLinkSecret: tracking.linkSecret, trackingLinkDays: tracking.linkDays }, deps.limits, tracking, { ...COMPLAINT_DEFAULTS, ...deps.complaints }, { ...NOTIFY_ME_DEFAULTS, ...deps.notifyMe }));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
