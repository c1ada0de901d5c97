import { baseEnvSchema, portSchema, urlSchema } from '@pickles/service-kit';
import { z } from 'zod';
import { webhookUrlProblem } from './webhook-url.js';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

export const DEFAULT_API_EMAIL = 'api-user@courier-sandbox.example';
export const DEFAULT_API_PASSWORD = 'courier-sandbox-password';
export const DEFAULT_WEBHOOK_TOKEN = 'courier-sandbox-webhook-token';

export const sandboxEnvSchema = baseEnvSchema.pick({ NODE_ENV: true, LOG_LEVEL: true, HOST: true }).extend({
  PORT: portSchema(4020),
  /** The one API user the sandbox accepts at /auth/login. */
  COURIER_SANDBOX_EMAIL: z.email({ error: 'expected an e-mail address' }).default(DEFAULT_API_EMAIL),
  COURIER_SANDBOX_PASSWORD: z.string().min(8, { error: 'expected at least 8 characters' }).default(DEFAULT_API_PASSWORD),
  /** Where tracking webhooks go, e.g. http://127.0.0.1:3000/api/courier/webhook; unset = recorded, not sent. */
  COURIER_SANDBOX_WEBHOOK_URL: z.preprocess(
    emptyToUndefined,
    urlSchema()
      .refine((url) => webhookUrlProblem(url) === undefined, { error: 'Shiprocket does not accept a URL containing "shiprocket", "kartrocket", "sr" or "kr"' })
      .optional(),
  ),
  /** Sent as the x-api-key header of every webhook (the token typed in Shiprocket's webhook settings). */
  COURIER_SANDBOX_WEBHOOK_TOKEN: z.string().min(8, { error: 'expected at least 8 characters' }).default(DEFAULT_WEBHOOK_TOKEN),
  /** The sandbox's URL as browsers reach it (label, manifest and tracking links); default http://127.0.0.1:<PORT>. */
  COURIER_SANDBOX_PUBLIC_URL: z.preprocess(emptyToUndefined, urlSchema().optional()),
});
