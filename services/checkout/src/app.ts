import type { Express } from 'express';
import { createServiceApp, errorHandler, healthRouter, notFoundHandler, pingRedis } from '@pickles/service-kit';
import { pingDatabase } from '@pickles/db';
import type { CheckoutLimits, CreateOrderDeps } from './handlers/create-order.js';
import { routes } from './routes.js';

export function createCheckoutApp(deps: CreateOrderDeps & { limits: CheckoutLimits }, isShuttingDown?: () => boolean): Express {
  const app = createServiceApp(deps.logger);
  app.use(healthRouter('checkout', { postgres: () => pingDatabase(deps.db), redis: () => pingRedis(deps.limits.redis) }, isShuttingDown));
  app.use(routes(deps, deps.limits));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
