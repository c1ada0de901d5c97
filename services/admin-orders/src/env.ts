import { z } from 'zod';
import { baseEnvSchema, portSchema } from '@pickles/service-kit';
import { sellerProfileEnvSchema } from '@pickles/shared/seller-profile';

const positiveInt = (fallback: number) => z.coerce.number({ error: 'expected a whole number' }).int().positive({ error: 'expected a positive whole number' }).default(fallback);

/** The seller profile (SELLER_*, GST_*) goes on the invoice of an order the owner takes back. */
export const envSchema = baseEnvSchema
  .extend(sellerProfileEnvSchema.shape)
  .extend({
    PORT: portSchema(4003),
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
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'required in production (at least 32 characters)' });
    }
  });

export type Env = z.infer<typeof envSchema>;
