import type { Express } from 'express';
import { createServiceApp, errorHandler, healthRouter, notFoundHandler } from '@pickles/service-kit';
import { pingDatabase } from '@pickles/db';
import type { CreateOrderDeps } from './handlers/create-order.js';
import { routes } from './routes.js';

export function createCheckoutApp(deps: CreateOrderDeps, isShuttingDown?: () => boolean): Express {
  const app = createServiceApp(deps.logger);
  app.use(healthRouter('checkout', { postgres: () => pingDatabase(deps.db) }, isShuttingDown));
  app.use(routes(deps));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
