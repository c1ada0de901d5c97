import { z } from 'zod';
import { currentEventType } from './envelope.js';

/**
 * `payment.verified`: an order's payment was captured by Razorpay and the order is now paid. Emitted
 * exactly once per order (the outbox row is written in the transaction that marks the order paid),
 * whichever path saw the payment first: the browser's verify call, a webhook or the reconciler.
 *
 * Versioning: adding an optional field keeps the version; renaming, removing or changing the meaning
 * of one is a new version, emitted only once every consumer accepts it.
 */
export const PAYMENT_VERIFIED = 'payment.verified' as const;
export const PAYMENT_VERIFIED_VERSION = 1;

export const paymentVerifiedV1Schema = z.object({
  /** Internal order id (`_id` in the API). */
  orderId: z.uuid(),
  /** Readable order reference shown to people (`orderId` in the API). */
  orderNumber: z.string().min(1),
  razorpayOrderId: z.string().min(1),
  razorpayPaymentId: z.string().min(1),
  amountPaise: z.number().int().positive(),
  /** Which path settled the payment: verify, webhook or reconciler. */
  source: z.enum(['verify', 'webhook', 'reconciler']),
});
export type PaymentVerifiedV1 = z.infer<typeof paymentVerifiedV1Schema>;

export const paymentVerifiedSchemas: Record<number, z.ZodType<PaymentVerifiedV1>> = {
  1: paymentVerifiedV1Schema,
};

export class UnsupportedEventError extends Error {}

/** An event's data, checked by its contract: refused (UnsupportedEventError) when the type (by its current name), the version or the data is not this contract's. */
export function parseEventData<T>(type: string, version: number, schema: z.ZodType<T>, envelope: { type: string; version: number; data: unknown }): T {
  if (currentEventType(envelope.type) !== type) throw new UnsupportedEventError(`Unexpected event type ${envelope.type}`);
  if (envelope.version !== version) throw new UnsupportedEventError(`Unsupported ${type} version ${envelope.version}`);
  const result = schema.safeParse(envelope.data);
  if (!result.success) throw new UnsupportedEventError(`Invalid ${type} data: ${result.error.message}`);
  return result.data;
}

/** Parses a payment.verified envelope of any supported version into the current data shape. */
export function parsePaymentVerified(envelope: { type: string; version: number; data: unknown }): PaymentVerifiedV1 {
  if (envelope.type !== PAYMENT_VERIFIED) throw new UnsupportedEventError(`Unexpected event type ${envelope.type}`);
  const schema = paymentVerifiedSchemas[envelope.version];
  if (!schema) throw new UnsupportedEventError(`Unsupported ${PAYMENT_VERIFIED} version ${envelope.version}`);
  const result = schema.safeParse(envelope.data);
  if (!result.success) throw new UnsupportedEventError(`Invalid ${PAYMENT_VERIFIED} data: ${result.error.message}`);
  return result.data;
}
