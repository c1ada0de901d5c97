import { Router } from 'express';
import type { PaymentsDeps } from './deps.js';
import { paymentFailedHandler } from './handlers/payment-failed.js';
import { verifyPaymentHandler } from './handlers/verify-payment.js';
import { rawWebhookBody, webhookHandler } from './handlers/webhook.js';

/** Routes that read JSON; the webhook is mounted before the JSON parser (see app.ts). */
export function jsonRoutes(deps: PaymentsDeps): Router {
  const router = Router();
  router.post('/api/payment/verify-payment', verifyPaymentHandler(deps));
  router.post('/api/payment/payment-failed', paymentFailedHandler(deps));
  return router;
}

export function webhookRoute(deps: PaymentsDeps): Router {
  const router = Router();
  router.post('/api/payment/webhook', rawWebhookBody, webhookHandler(deps));
  return router;
}
