import { baseEnvSchema, DEMO_TRACKING_LINK_SECRET, portSchema, razorpayEnvSchema, refineStockHold, stockHoldEnvSchema } from '@pickles/service-kit';
import { z } from 'zod';

const perWindow = (fallback: number) => z.coerce.number({ error: 'expected a whole number' }).int().min(1).default(fallback);

export const checkoutEnvSchema = baseEnvSchema
  .extend(razorpayEnvSchema.shape)
  // PAYMENT_WINDOW_MINUTES (Razorpay Checkout's timeout) and STOCK_HOLD_MINUTES (how long the caps below count).
  .extend(stockHoldEnvSchema.shape)
  .extend({
  PORT: portSchema(4001),
  /** create-order calls one client may make per minute (each makes a Razorpay order and an order row). */
  CREATE_ORDER_LIMIT_PER_CLIENT: perWindow(10),
  /** create-order calls per customer e-mail address per hour. */
  CREATE_ORDER_LIMIT_PER_EMAIL: perWindow(20),
  /** Signs the tracking links in e-mails (decision 010); the demo value is refused in production, where it is required. */
  TRACKING_LINK_SECRET: z.string().min(16, { error: 'at least 16 characters' }).default(DEMO_TRACKING_LINK_SECRET),
  /** How long after an order was delivered, completed or cancelled its signed links still open it (the form always does). */
  TRACKING_LINK_DAYS: perWindow(42),
  /** Tracking lookups (order number + phone or e-mail) one client may make per minute. */
  TRACK_LIMIT_PER_CLIENT: perWindow(10),
  /** Tracking lookups of one order number per hour, from anywhere: guessing a phone number stays slow. */
  TRACK_LIMIT_PER_ORDER: perWindow(20),
  /** Signed tracking links one client may open per minute. */
  TRACK_LINK_LIMIT_PER_CLIENT: perWindow(30),
  /** Complaints (POST /api/complaints) one client may send per hour. */
  COMPLAINT_LIMIT_PER_CLIENT: perWindow(10),
  /** Complaints naming one e-mail address per day, whoever sends them. */
  COMPLAINT_LIMIT_PER_EMAIL: perWindow(3),
  /** "Next batch" sign-ups (POST /api/notify-me) one client may send per hour. */
  NOTIFY_ME_LIMIT_PER_CLIENT: perWindow(10),
  /** "Next batch" sign-ups naming one e-mail address per day, whoever sends them. */
  NOTIFY_ME_LIMIT_PER_EMAIL: perWindow(5),
  /** Jars one client may hold in unpaid orders over the hold (decision 020). */
  HELD_JARS_PER_CLIENT: perWindow(30),
  /** Jars one e-mail address, and one phone number, may hold in unpaid orders over the hold. */
  HELD_JARS_PER_CONTACT: perWindow(20),
  })
  .superRefine(refineStockHold);
export type CheckoutEnv = z.infer<typeof checkoutEnvSchema>;
