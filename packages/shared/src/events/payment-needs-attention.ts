import { z } from 'zod';
import { ATTENTION_KINDS } from '../order-lifecycle.js';
import { parseEventData } from './payment-verified.js';

/**
 * `payment.needs-attention`: money landed where it should not (a capture on a closed or removed
 * order, a different amount, a failed refund ...). Written to the outbox in the transaction that
 * records the attention item, once per item; notifications e-mails the owner once.
 */
export const PAYMENT_NEEDS_ATTENTION = 'payment.needs-attention' as const;
export const PAYMENT_NEEDS_ATTENTION_VERSION = 1;

export const paymentNeedsAttentionV1Schema = z.object({
  /** The payment_attention row; the e-mail reads its details from the database. */
  attentionId: z.uuid(),
  kind: z.enum(ATTENTION_KINDS),
  /** Internal order id, when the shop knows the order. */
  orderId: z.uuid().nullable(),
  razorpayPaymentId: z.string().min(1),
  amountPaise: z.number().int(),
});
export type PaymentNeedsAttentionV1 = z.infer<typeof paymentNeedsAttentionV1Schema>;

export function parsePaymentNeedsAttention(envelope: { type: string; version: number; data: unknown }): PaymentNeedsAttentionV1 {
  return parseEventData(PAYMENT_NEEDS_ATTENTION, PAYMENT_NEEDS_ATTENTION_VERSION, paymentNeedsAttentionV1Schema, envelope);
}
