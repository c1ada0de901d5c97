import { z } from 'zod';

/**
 * Razorpay settings shared by checkout and payments. With real rzp_test_/rzp_live_ keys and no
 * RAZORPAY_API_BASE_URL the shop talks to Razorpay itself; `npm start` points it at the sandbox.
 */
export const razorpayEnvSchema = z.object({
  RAZORPAY_KEY_ID: z.string({ error: 'a value is required' }).regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, { error: 'expected a Razorpay key id (rzp_test_... or rzp_live_...)' }),
  RAZORPAY_KEY_SECRET: z.string({ error: 'a value is required' }).min(8, { error: 'expected the key secret from the Razorpay dashboard' }),
  RAZORPAY_WEBHOOK_SECRET: z.string({ error: 'a value is required' }).min(8, { error: 'expected the webhook secret set in the Razorpay dashboard' }),
  /** Unset = https://api.razorpay.com (real Razorpay). */
  RAZORPAY_API_BASE_URL: z.url({ error: 'expected an absolute URL such as http://127.0.0.1:4010' }).optional(),
  RAZORPAY_TIMEOUT_MS: z.coerce.number({ error: 'expected milliseconds' }).int().positive().default(10_000),
});

