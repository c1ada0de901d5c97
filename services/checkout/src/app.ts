import type { Express } from 'express';
import { createServiceApp, DEMO_TRACKING_LINK_SECRET, errorHandler, healthRouter, notFoundHandler, pingRedis, serviceMetrics } from '@pickles/service-kit';
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
export const TRACKING_DEFAULTS: TrackingOptions = { linkSecret: DEMO_TRACKING_LINK_SECRET, linkDays: 42, perClientPerMinute: 10, perOrderPerHour: 20, linksPerClientPerMinute: 30 };
export const COMPLAINT_DEFAULTS: ComplaintLimits = { perClientPerHour: 10, perEmailPerDay: 3 };
export const NOTIFY_ME_DEFAULTS: NotifyMeLimits = { perClientPerHour: 10, perEmailPerDay: 5 };

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
