import { Router } from 'express';
import type { Redis } from 'ioredis';
import { byClient, limitRule, rateLimiter } from '@pickles/service-kit';
import type { PaymentsDeps } from './deps.js';
import { paymentFailedHandler } from './handlers/payment-failed.js';
import { verifyPaymentHandler } from './handlers/verify-payment.js';
import { linkCallbackHandler } from './handlers/link-callback.js';
import { rawWebhookBody, webhookHandler } from './handlers/webhook.js';

export interface PaymentLimits {
  redis: Redis;
  prefix: string;
  perClientPerMinute: number;
}

/**
 * The browser's routes, rate-limited per client (shared through Redis); the webhook is mounted
 * before the JSON parser (see app.ts) and is not limited: Razorpay signs it and retries it.
 */
export function jsonRoutes(deps: PaymentsDeps, limits: PaymentLimits): Router {
  const router = Router();
  const limitedBy = rateLimiter(limits.redis, limits.prefix, deps.logger);
  const limited = limitedBy(limitRule('payment-calls:client', byClient, limits.perClientPerMinute));
  router.post('/api/payment/verify-payment', limited, verifyPaymentHandler(deps));
  router.post('/api/payment/payment-failed', limited, paymentFailedHandler(deps));
  router.get('/api/payment/link-callback', limited, linkCallbackHandler(deps));
  return router;
}

export function webhookRoute(deps: PaymentsDeps): Router {
  const router = Router();
  router.post('/api/payment/webhook', rawWebhookBody, webhookHandler(deps));
  return router;
}
