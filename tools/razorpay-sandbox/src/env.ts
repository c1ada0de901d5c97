import { baseEnvSchema, portSchema, urlSchema } from '@pickles/service-kit';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const sandboxEnvSchema = baseEnvSchema.pick({ NODE_ENV: true, LOG_LEVEL: true, HOST: true }).extend({
  PORT: portSchema(4010),
  SANDBOX_KEY_ID: z.string().regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, { error: 'expected rzp_test_... or rzp_live_...' }).default('rzp_test_Sandbox0000000001'),
  SANDBOX_KEY_SECRET: z.string().min(8, { error: 'expected at least 8 characters' }).default('sandbox_key_secret_change_me'),
  SANDBOX_WEBHOOK_SECRET: z.string().min(8, { error: 'expected at least 8 characters' }).default('sandbox_webhook_secret_change_me'),
  /** Where webhooks go, e.g. http://127.0.0.1:3000/api/payment/webhook; unset = recorded, not sent. */
  SANDBOX_WEBHOOK_URL: z.preprocess(emptyToUndefined, urlSchema().optional()),
  /** The sandbox's own URL as the shopper's browser reaches it (checkout.js calls back to it); default http://127.0.0.1:<PORT>. */
  SANDBOX_PUBLIC_URL: z.preprocess(emptyToUndefined, urlSchema().optional()),
  /** The business name on the payment link page (at Razorpay: the Dashboard's business settings). */
  SANDBOX_BUSINESS_NAME: z.string().trim().min(1).max(100).default('Royal Pickles'),
  SANDBOX_WEBHOOK_DELAY_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(0).default(500),
});
