import { baseEnvSchema, DEMO_TRACKING_LINK_SECRET, portSchema, rateLimitSettings, razorpayEnvSchema, refineStockHold, stockHoldEnvSchema } from '@pickles/service-kit';
import { z } from 'zod';
import { outboxRelayEnvSchema } from '@pickles/outbox-relay';

const perWindow = (fallback: number) => z.coerce.number({ error: 'expected a whole number' }).int().min(1).default(fallback);

export const checkoutEnvSchema = baseEnvSchema
  .extend(razorpayEnvSchema.shape)
  .extend(outboxRelayEnvSchema.shape)
  // PAYMENT_WINDOW_MINUTES (Razorpay Checkout's timeout) and STOCK_HOLD_MINUTES (how long the caps below count).
  .extend(stockHoldEnvSchema.shape)
  .extend({
  PORT: portSchema(4001),
  // The request limits' sizes (the table and what each counts: service-kit rate-limits.ts).
  ...rateLimitSettings('create-order:client', 'create-order:email', 'discount-check:client', 'track:client', 'track:order', 'track-link:client', 'complaint:client', 'complaint:email', 'notify-me:client', 'notify-me:email'),
  /** Signs the tracking links in e-mails (decision 010); the demo value is refused in production, where it is required. */
  TRACKING_LINK_SECRET: z.string().min(16, { error: 'at least 16 characters' }).default(DEMO_TRACKING_LINK_SECRET),
  /** How long after an order was delivered, completed or cancelled its signed links still open it (the form always does). */
  TRACKING_LINK_DAYS: perWindow(42),
  /** Jars one client may hold in unpaid orders over the hold (decision 020). */
  HELD_JARS_PER_CLIENT: perWindow(30),
  /** Jars one e-mail address, and one phone number, may hold in unpaid orders over the hold. */
  HELD_JARS_PER_CONTACT: perWindow(20),
  })
  .superRefine(refineStockHold);
export type CheckoutEnv = z.infer<typeof checkoutEnvSchema>;
