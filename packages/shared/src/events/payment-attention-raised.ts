import { z } from 'zod';
import { ATTENTION_KINDS } from '../order-lifecycle.js';
import { parseEventData } from './payment-verified.js';

/**
 * `payment.attention-raised`: money landed where it should not (a capture on a closed or removed
 * order, a different amount, a failed refund ...). Written to the outbox in the transaction that
 * records the attention item, once per item; notifications e-mails the owner once.
 */
export const PAYMENT_ATTENTION_RAISED = 'payment.attention-raised' as const;
export const PAYMENT_ATTENTION_RAISED_VERSION = 1;

export const paymentAttentionRaisedV1Schema = z.object({
  /** The payment_attention row; the e-mail reads its details from the database. */
  attentionId: z.uuid(),
  kind: z.enum(ATTENTION_KINDS),
  /** Internal order id, when the shop knows the order. */
  orderId: z.uuid().nullable(),
  razorpayPaymentId: z.string().min(1),
  amountPaise: z.number().int(),
});
export type PaymentAttentionRaisedV1 = z.infer<typeof paymentAttentionRaisedV1Schema>;

export function parsePaymentAttentionRaised(envelope: { type: string; version: number; data: unknown }): PaymentAttentionRaisedV1 {
  return parseEventData(PAYMENT_ATTENTION_RAISED, PAYMENT_ATTENTION_RAISED_VERSION, paymentAttentionRaisedV1Schema, envelope);
}
