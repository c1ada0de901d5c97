import type { Express } from 'express';
import type { Redis } from 'ioredis';
import { createServiceApp, errorHandler, healthRouter, notFoundHandler, pingRedis, serviceMetrics } from '@pickles/service-kit';
import { pingDatabase } from '@pickles/db';
import type { PaymentsDeps } from './deps.js';
import { outboxBacklogReading } from './metrics.js';
import { jsonRoutes, webhookRoute, type PaymentLimits } from './routes.js';

export function createPaymentsApp(deps: PaymentsDeps & { redis: Redis; limits: Omit<PaymentLimits, 'redis'> }, isShuttingDown?: () => boolean): Express {
  const metrics = serviceMetrics('payments', { logger: deps.logger, readings: [outboxBacklogReading(deps.db)] });
  const app = createServiceApp(deps.logger, { jsonLimit: '8kb', beforeJson: [webhookRoute(deps)], metrics });
  app.use(healthRouter('payments', { postgres: () => pingDatabase(deps.db), redis: () => pingRedis(deps.redis) }, isShuttingDown));
  app.use(jsonRoutes(deps, { redis: deps.redis, ...deps.limits }));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
