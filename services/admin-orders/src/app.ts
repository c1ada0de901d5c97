import type { Express } from 'express';
import type { Redis } from 'ioredis';
import { pingDatabase, type Db } from '@pickles/db';
import { createServiceApp, errorHandler, healthRouter, notFoundHandler, pingRedis, serviceMetrics, type Logger } from '@pickles/service-kit';
import { createLoginLimiter } from './auth/login-limiter.js';
import { attentionReading } from './metrics.js';
import { routes } from './routes.js';
import type { Courier } from './clients/courier.js';
import type { PaymentLinkDeps } from './handlers/payment-links.js';

export interface AppDeps {
  db: Db;
  redis: Redis;
  logger: Logger;
  jwtSecret: string;
  jwtTtlSeconds: number;
  redisPrefix: string;
  loginMaxFailures: number;
  loginWindowSeconds: number;
  isShuttingDown?: () => boolean;
  /** The courier (Shiprocket or its sandbox); undefined: no courier, Ship hidden. */
  courier?: Courier;
  /** Razorpay and the shop's address, for the owner's payment links (decision 032). */
  paymentLinks?: Omit<PaymentLinkDeps, 'db'>;
}

export function buildApp(deps: AppDeps): Express {
  const metrics = serviceMetrics('admin-orders', { logger: deps.logger, readings: [attentionReading(deps.db)] });
  // Each route reads its body itself, after the token (routes.ts).
  const app = createServiceApp(deps.logger, { jsonLimit: false, metrics });
  app.use(
    healthRouter(
      'admin-orders',
      {
        postgres: () => pingDatabase(deps.db),
        redis: () => pingRedis(deps.redis),
      },
      deps.isShuttingDown,
    ),
  );
  const limiter = createLoginLimiter(deps.redis, deps.redisPrefix, deps.loginMaxFailures, deps.loginWindowSeconds);
  app.use(routes({ db: deps.db, redis: deps.redis, redisPrefix: deps.redisPrefix, limiter, jwtSecret: deps.jwtSecret, jwtTtlSeconds: deps.jwtTtlSeconds, courier: deps.courier, logger: deps.logger, paymentLinks: deps.paymentLinks }));
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
