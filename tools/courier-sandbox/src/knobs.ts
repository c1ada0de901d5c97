import { z } from 'zod';
import { webhookUrlProblem } from './webhook-url.js';

/** Switches for the faults real couriers have (POST /sandbox/knobs, or the dashboard's form). Names are the JSON keys. */
export const knobsSchema = z
  .object({
    /** Overrides COURIER_SANDBOX_WEBHOOK_URL; null = the environment's. */
    webhookUrl: z
      .url()
      .refine((url) => webhookUrlProblem(url) === undefined, { error: 'Shiprocket does not accept a URL containing "shiprocket", "kartrocket", "sr" or "kr"' })
      .nullable(),
    /** A webhook leaves this long after its scan (late webhooks). */
    webhookDelayMs: z.number().int().min(0).max(3_600_000),
    /** Plus a random 0..this, drawn per webhook: close events overtake one another (out of order). */
    webhookJitterMs: z.number().int().min(0).max(3_600_000),
    /** Every webhook is sent twice (the same body). */
    duplicateWebhooks: z.boolean(),
    /** Webhooks are recorded, not sent, until POST /sandbox/webhooks/release. */
    withholdWebhooks: z.boolean(),
    /** The order in which released webhooks go out: as they happened, reversed, or shuffled (duplicates included). */
    reorderWebhooks: z.enum(['none', 'reverse', 'shuffle']),
    /** Each webhook is lost (recorded as dropped, never sent) with this probability, 0 to 1. */
    webhookLossRate: z.number().min(0).max(1),
    /** The next N webhooks are lost; counts down to 0. */
    dropNextWebhooks: z.number().int().min(0).max(10_000),
    /** Shiprocket counts only an HTTP 200 as received; no answer within this long is a failure too. */
    webhookTimeoutMs: z.number().int().min(1).max(60_000),
    /** Tries per webhook, the first included (Shiprocket does not document its retries). */
    webhookMaxAttempts: z.number().int().min(1).max(20),
    /** Retry n waits webhookRetryBaseMs * 2^(n-1). */
    webhookRetryBaseMs: z.number().int().min(1).max(3_600_000),
    /**
     * The API (every /v1/external call, login included) fails: unavailable = 503, nothing done;
     * refused = the connection is dropped before the request is read, nothing done; timeout = no
     * answer (held apiTimeoutHoldMs, then dropped), nothing done; lost_response = the call IS carried
     * out, then its answer is held and dropped the same way; rate_limited = 429, nothing done.
     */
    apiFailure: z.enum(['none', 'unavailable', 'refused', 'timeout', 'lost_response', 'rate_limited']),
    /** Fail only the next N API calls, then apiFailure returns to 'none'; null = until changed. */
    apiFailureCount: z.number().int().min(1).nullable(),
    /** Fail only calls whose path (under /v1/external) starts with this, e.g. /orders/create/adhoc; null = every call. */
    apiFailurePath: z.string().startsWith('/').max(200).nullable(),
    /** Every API call waits this long first (a slow courier). */
    apiLatencyMs: z.number().int().min(0).max(600_000),
    apiTimeoutHoldMs: z.number().int().min(1).max(600_000),
    /** Life of a new token; Shiprocket's is 10 days. 0 = tokens are born expired (every call 401s). */
    tokenTtlSeconds: z.number().int().min(0).max(100 * 86_400),
    /** Failed attempts in a row without a seller action after which the courier returns the parcel by itself (RTO). */
    autoRtoAfterAttempts: z.number().int().min(1).max(10),
    /** Pincodes no courier serves, besides the ones the sandbox never serves (unknown to India Post, Lakshadweep). */
    unserviceablePincodes: z.array(z.string().regex(/^\d{6}$/)).max(1000),
  })
  .strict();

export type Knobs = z.infer<typeof knobsSchema>;
export const knobsUpdateSchema = knobsSchema.partial().strict();

export const DEFAULT_KNOBS: Knobs = {
  webhookUrl: null,
  webhookDelayMs: 200,
  webhookJitterMs: 0,
  duplicateWebhooks: false,
  withholdWebhooks: false,
  reorderWebhooks: 'none',
  webhookLossRate: 0,
  dropNextWebhooks: 0,
  webhookTimeoutMs: 5_000,
  webhookMaxAttempts: 3,
  webhookRetryBaseMs: 1_000,
  apiFailure: 'none',
  apiFailureCount: null,
  apiFailurePath: null,
  apiLatencyMs: 0,
  apiTimeoutHoldMs: 30_000,
  tokenTtlSeconds: 10 * 86_400,
  autoRtoAfterAttempts: 3,
  unserviceablePincodes: [],
};

/**
 * The dashboard's knob form, urlencoded, as a knobs update: each field read by the type of its
 * default (a checkbox sends "false" from a hidden input and "true" when ticked; the last one wins).
 */
export function knobsFromForm(form: Record<string, unknown>): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const [name, fallback] of Object.entries(DEFAULT_KNOBS)) {
    const raw = form[name];
    if (raw === undefined) continue;
    const value = Array.isArray(raw) ? raw.at(-1) : raw;
    if (typeof value !== 'string') continue;
    if (typeof fallback === 'boolean') update[name] = value === 'true' || value === 'on';
    else if (Array.isArray(fallback)) update[name] = value.split(/[\s,]+/).filter(Boolean);
    else if (name === 'webhookUrl' || name === 'apiFailurePath') update[name] = value.trim() === '' ? null : value.trim();
    else if (name === 'apiFailureCount') update[name] = value.trim() === '' ? null : Number(value);
    else if (typeof fallback === 'number') update[name] = value.trim() === '' ? Number.NaN : Number(value);
    else update[name] = value;
  }
  return update;
}
