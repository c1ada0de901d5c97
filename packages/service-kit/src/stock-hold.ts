import { z } from 'zod';

/** Minutes the jars stay held after the payment window closes: a payment the bank approves at its last moment still finds them. */
export const STOCK_HOLD_GRACE_MINUTES = 5;

/**
 * How long an unpaid order keeps its batch jars from other shoppers (decision 012), tied to how
 * long its shopper can pay: Razorpay Checkout closes PAYMENT_WINDOW_MINUTES after it opens (checkout
 * gives the SPA this as Checkout's `timeout`), and the jars are held that long and a few minutes
 * more, unless STOCK_HOLD_MINUTES says otherwise (never shorter than the window). A payment captured
 * later still takes them back if the batch has them. Read by checkout (the caps on jars held count
 * over the hold) and payments (which gives lapsed holds back).
 */
export const stockHoldEnvSchema = z.object({
  PAYMENT_WINDOW_MINUTES: z.coerce.number({ error: 'expected a number of minutes' }).int().min(2, { error: 'at least 2 minutes' }).max(60, { error: 'at most 60 minutes' }).default(10),
  STOCK_HOLD_MINUTES: z.coerce.number({ error: 'expected a number of minutes' }).positive().optional(),
});

type StockHoldEnv = z.infer<typeof stockHoldEnvSchema>;

export function stockHoldMinutes(env: StockHoldEnv): number {
  return env.STOCK_HOLD_MINUTES ?? env.PAYMENT_WINDOW_MINUTES + STOCK_HOLD_GRACE_MINUTES;
}

/** For an env schema's superRefine: jars released while the shopper can still pay would be sold twice over. */
export function refineStockHold(env: StockHoldEnv, ctx: z.RefinementCtx): void {
  if (env.STOCK_HOLD_MINUTES !== undefined && env.STOCK_HOLD_MINUTES < env.PAYMENT_WINDOW_MINUTES) {
    ctx.addIssue({ code: 'custom', path: ['STOCK_HOLD_MINUTES'], message: `at least PAYMENT_WINDOW_MINUTES (${env.PAYMENT_WINDOW_MINUTES}): jars must stay held while the shopper can pay` });
  }
}
