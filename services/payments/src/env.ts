import { z } from 'zod';
import { baseEnvSchema, portSchema, rateLimitSettings, razorpayEnvSchema, refineStockHold, stockHoldEnvSchema } from '@pickles/service-kit';
import { sellerProfileEnvSchema } from '@pickles/shared/seller-profile';
import { outboxRelayEnvSchema } from '@pickles/outbox-relay';

const seconds = (fallback: number) => z.coerce.number({ error: 'expected a number of seconds' }).positive().default(fallback);

/** The seller profile (SELLER_*, GST_*) goes on every tax invoice and credit note payments issues. */
export const paymentsEnvSchema = baseEnvSchema
  .extend(razorpayEnvSchema.shape)
  .extend(sellerProfileEnvSchema.shape)
  .extend(outboxRelayEnvSchema.shape)
  // PAYMENT_WINDOW_MINUTES and STOCK_HOLD_MINUTES: how long an unpaid order keeps its batch jars.
  .extend(stockHoldEnvSchema.shape)
  .extend({
  PORT: portSchema(4002),
  /** An order still unpaid this long after creation is checked with Razorpay. */
  RECONCILE_AFTER_SECONDS: seconds(600),
  /**
   * An order with nothing captured or authorised this long after creation expires (cancelled, so the
   * owner can remove it). Razorpay's late authorisation can take 3 days: the default adds a day.
   */
  UNPAID_ORDER_EXPIRY_HOURS: z.coerce.number({ error: 'expected a number of hours' }).positive().default(96),
  /** How often the reconciler looks for such orders (and the stock hold for lapsed holds). */
  RECONCILE_INTERVAL_SECONDS: seconds(60),
  // verify-payment and payment-failed calls one client may make per minute (service-kit rate-limits.ts).
  ...rateLimitSettings('payment-calls:client'),
  /** How often the refund submitter looks for the owner's refund requests to send to Razorpay. */
  REFUND_SUBMIT_INTERVAL_MS: z.coerce.number({ error: 'expected milliseconds' }).int().positive().default(1_000),
  /** How often refunds still pending are looked for, in case Razorpay's refund webhook was lost. */
  REFUND_CHECK_INTERVAL_SECONDS: seconds(300),
  /** A refund still pending this long after it was recorded is asked about at Razorpay (then less and less often). */
  REFUND_CHECK_AFTER_SECONDS: seconds(900),
  /** How often paid orders are checked for a missing GST tax invoice (an attention item for the owner). */
  INVOICE_CHECK_INTERVAL_MINUTES: z.coerce.number({ error: 'expected a number of minutes' }).positive().default(60),
  })
  .superRefine(refineStockHold);
export type PaymentsEnv = z.infer<typeof paymentsEnvSchema>;

