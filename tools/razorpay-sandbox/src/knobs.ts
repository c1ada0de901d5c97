import { z } from 'zod';

/** Test switches (POST /sandbox/knobs). Names are the JSON keys. */
export const knobsSchema = z
  .object({
    /** Authorized payments on an order are captured at once (Razorpay's default account setting). */
    autoCapture: z.boolean(),
    /** Payment succeeds but checkout never calls `handler` (the shopper closed the tab). */
    dropBrowserCallback: z.boolean(),
    /** Delay between the modal closing and `handler(...)`, about 200 ms in real checkout. */
    callbackDelayMs: z.number().int().min(0).max(600_000),
    /** After "Pay", show a mock bank page with Success / Failure buttons. */
    mockBankPage: z.boolean(),
    /** Overrides SANDBOX_WEBHOOK_URL; null = use the environment's. */
    webhookUrl: z.url().nullable(),
    webhookDelayMs: z.number().int().min(0).max(600_000),
    /** Every webhook is delivered twice (same event id, same body). */
    duplicateWebhooks: z.boolean(),
    /**
     * Razorpay does not keep webhooks in order (protocol §6). true: the events of one happening (or of
     * one release) are sent in reverse, order.paid before payment.captured before payment.authorized;
     * 'shuffle': in a random order, duplicates shuffled in too, so held webhooks of many orders arrive mixed.
     */
    reorderWebhooks: z.union([z.boolean(), z.literal('shuffle')]),
    /**
     * Deliveries in flight at once. 1: one after another, so the order on the wire is the order
     * chosen. More: they overlap, as Razorpay's do, so a duplicate and its original can reach two
     * replicas of the shop at the same moment.
     */
    webhookConcurrency: z.number().int().min(1).max(64),
    /** Record webhooks but do not send them until POST /sandbox/webhooks/release. */
    withholdWebhooks: z.boolean(),
    /** A delivery that has no answer within this long counts as failed (Razorpay: 5 s). */
    webhookTimeoutMs: z.number().int().min(1).max(60_000),
    /** Retry n waits webhookRetryBaseMs * 2^(n-1). */
    webhookRetryBaseMs: z.number().int().min(1).max(3_600_000),
    /** Attempts per delivery before giving up (first try included). */
    webhookMaxAttempts: z.number().int().min(1).max(20),
    /**
     * Make /v1 API calls fail: 500 SERVER_ERROR; no answer (connection held, then dropped); or
     * lost_response: the call IS processed, then the connection is dropped before the answer.
     */
    apiFailure: z.enum(['none', 'server_error', 'timeout', 'lost_response']),
    /** How many /v1 calls fail before apiFailure resets to 'none'; null = until changed. */
    apiFailureCount: z.number().int().min(1).nullable(),
    /** Every /v1 call waits this long before it is processed (a slow Razorpay). */
    apiLatencyMs: z.number().int().min(0).max(600_000),
    /** How long a 'timeout' call is held before its connection is dropped. */
    apiTimeoutHoldMs: z.number().int().min(1).max(600_000),
    /** Payments that would succeed first fail, then become authorized (and captured) later. */
    lateAuthorisation: z.boolean(),
    lateAuthorisationDelayMs: z.number().int().min(0).max(3_600_000),
    /**
     * Refunds stay pending (only refund.created is sent) until POST /sandbox/refunds/:id/process or
     * /fail, like a real refund waiting days for the bank. Off: processed at once, as in test mode.
     */
    holdRefunds: z.boolean(),
    /** refund.* webhooks are recorded as dropped and never sent (a lost webhook); redeliver sends one late. */
    dropRefundWebhooks: z.boolean(),
  })
  .strict();

export type Knobs = z.infer<typeof knobsSchema>;
export const knobsUpdateSchema = knobsSchema.partial().strict();

export const DEFAULT_KNOBS: Knobs = {
  autoCapture: true,
  dropBrowserCallback: false,
  callbackDelayMs: 200,
  mockBankPage: false,
  webhookUrl: null,
  webhookDelayMs: 500,
  duplicateWebhooks: false,
  reorderWebhooks: false,
  webhookConcurrency: 1,
  withholdWebhooks: false,
  webhookTimeoutMs: 5_000,
  webhookRetryBaseMs: 1_000,
  webhookMaxAttempts: 8,
  apiFailure: 'none',
  apiFailureCount: null,
  apiLatencyMs: 0,
  apiTimeoutHoldMs: 30_000,
  lateAuthorisation: false,
  lateAuthorisationDelayMs: 3_000,
  holdRefunds: false,
  dropRefundWebhooks: false,
};
