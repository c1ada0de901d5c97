import { z } from 'zod';
import { baseEnvSchema, portSchema, razorpayEnvSchema, urlSchema } from '@pickles/service-kit';
import { sellerProfileEnvSchema } from '@pickles/shared/seller-profile';
import { outboxRelayEnvSchema } from '@pickles/outbox-relay';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const positiveInt = (fallback: number) => z.coerce.number({ error: 'expected a whole number' }).int().positive({ error: 'expected a positive whole number' }).default(fallback);

/** The seller profile (SELLER_*, GST_*) goes on the invoice of an order the owner takes back. */
export const envSchema = baseEnvSchema
  .extend(sellerProfileEnvSchema.shape)
  .extend(outboxRelayEnvSchema.shape)
  // The owner's payment links are Razorpay Payment Links (decision 032); without the keys they answer 503.
  .extend(razorpayEnvSchema.partial().shape)
  .extend({
    PORT: portSchema(4003),
    /** The shop's public address: a paid payment link sends the shopper back to it. */
    SHOP_URL: z.url({ protocol: /^https?$/, error: "expected the shop's address, such as https://royalpickles.in" }).default('http://localhost:3000'),
    /** How long a payment link takes payments (Razorpay: 15 minutes to 6 months); below UNPAID_ORDER_EXPIRY_HOURS. */
    PAYMENT_LINK_EXPIRY_HOURS: positiveInt(72),
    /** HS256 key for admin tokens. Required in production; a random per-process key otherwise. */
    JWT_SECRET: z.string().min(32, { error: 'expected at least 32 characters' }).optional(),
    JWT_TTL_SECONDS: positiveInt(900),
    /** Upserted as an admin on start when both are set (hash from `hash-password`). */
    ADMIN_USERNAME: z.string().trim().min(1).max(100).optional(),
    ADMIN_PASSWORD_HASH: z
      .string()
      .regex(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/, { error: 'expected a hash printed by hash-password (scrypt$N$r$p$salt$hash)' })
      .optional(),
    LOGIN_MAX_FAILURES: positiveInt(5),
    LOGIN_WINDOW_SECONDS: positiveInt(900),
    /** A never-paid order's personal data is erased this many days after it was placed (README, "Personal data"). */
    UNPAID_PERSONAL_DATA_DAYS: positiveInt(30),
    /** How often that erasure runs. */
    RETENTION_INTERVAL_MINUTES: positiveInt(60),
    /** The courier (Shiprocket's API user); unset = no courier: Ship hidden, dispatches recorded by hand. */
    COURIER_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'expected an e-mail address' }).optional()),
    COURIER_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
    /** The token Shiprocket sends as x-api-key with every tracking webhook. */
    COURIER_WEBHOOK_TOKEN: z.preprocess(emptyToUndefined, z.string().min(8, { error: 'expected at least 8 characters' }).optional()),
    /** The pickup address's nickname in Shiprocket. */
    COURIER_PICKUP_LOCATION: z.string().trim().min(1).default('Primary'),
    /** Unset = Shiprocket itself; the courier sandbox in development (production needs COURIER_ALLOW_BASE_URL). */
    COURIER_API_BASE_URL: z.preprocess(emptyToUndefined, urlSchema().optional()),
    COURIER_TRACKING_PAGE_URL: z.preprocess(emptyToUndefined, urlSchema().optional()),
    /** A shipment with no courier event for this long is asked about through the track API. */
    COURIER_POLL_AFTER_HOURS: positiveInt(24),
    /** How often pending bookings are retried and silent shipments polled. */
    COURIER_WORKER_INTERVAL_SECONDS: positiveInt(30),
  })
  .superRefine((env, ctx) => {
    const courier = [env.COURIER_EMAIL, env.COURIER_PASSWORD, env.COURIER_WEBHOOK_TOKEN];
    if (courier.some(Boolean) && !courier.every(Boolean)) {
      for (const name of ['COURIER_EMAIL', 'COURIER_PASSWORD', 'COURIER_WEBHOOK_TOKEN'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with the other COURIER_* credentials (set all three, or none for no courier)' });
      }
    }
    if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
      for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with the other Razorpay key (set both for payment links, or neither)' });
      }
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'required in production (at least 32 characters)' });
    }
  });

export type Env = z.infer<typeof envSchema>;
