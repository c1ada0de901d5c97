import type { DeliveryAttempt } from '@pickles/sandbox-kit';

export type Notes = Record<string, string> | [];

export interface OrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface CardEntity {
  id: string;
  entity: 'card';
  name: string;
  last4: string;
  network: string;
  type: 'credit' | 'debit';
  issuer: string | null;
  international: boolean;
  emi: boolean;
  sub_type: 'consumer';
}

export interface PaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: 'card' | 'upi';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: string | null;
  card?: CardEntity;
  bank: null;
  wallet: null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

export interface RefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | 'optimum';
  speed_requested: 'normal' | 'optimum';
}

export type PaymentLinkStatus = 'created' | 'partially_paid' | 'expired' | 'cancelled' | 'paid';

/** A payment made on a link, as the link lists it (captured payments only). */
export interface PaymentLinkPayment {
  amount: number;
  created_at: number;
  method: 'card' | 'upi';
  payment_id: string;
  plink_id: string;
  status: 'captured';
  updated_at: number;
}

/**
 * Razorpay's Payment Link entity (keys in the order its examples show): no `entity` field, 0 for
 * the times that have not happened, '' for an absent reference, description or callback,
 * `payments: null` until paid and `order_id` only once paying has started.
 */
export interface PaymentLinkEntity {
  accept_partial: boolean;
  amount: number;
  amount_paid: number;
  callback_method: string;
  callback_url: string;
  cancelled_at: number;
  created_at: number;
  currency: string;
  customer: { contact?: string; email?: string; name?: string };
  description: string;
  expire_by: number;
  expired_at: number;
  first_min_partial_amount: number;
  id: string;
  notes: Notes;
  notify: { email: boolean; sms: boolean; whatsapp: boolean };
  order_id?: string;
  payments: PaymentLinkPayment[] | null;
  reference_id: string;
  reminder_enable: boolean;
  reminders: [];
  short_url: string;
  status: PaymentLinkStatus;
  updated_at: number;
  upi_link: boolean;
  user_id: string;
}

/** Razorpay's error object (inside `{"error": ...}`), protocol §1. */
export interface RazorpayErrorBody {
  code: 'BAD_REQUEST_ERROR' | 'GATEWAY_ERROR' | 'SERVER_ERROR';
  description: string;
  source?: string;
  step?: string;
  reason?: string;
  metadata?: Record<string, string>;
  field?: string | null;
}

export type WebhookEventName =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.created'
  | 'refund.processed'
  | 'refund.failed'
  | 'payment_link.paid'
  | 'payment_link.expired'
  | 'payment_link.cancelled';

export interface WebhookEventRecord {
  id: string;
  event: WebhookEventName;
  created_at: number;
  /** The exact bytes sent (and signed) on every delivery of this event. */
  body: string;
  /** `dropped`: never sent (the dropRefundWebhooks knob); redeliver still sends it. */
  status: 'pending' | 'withheld' | 'dropped' | 'sending' | 'delivered' | 'failed' | 'not_configured';
  deliveries: number;
}

export interface WebhookDeliveryRecord extends DeliveryAttempt {
  eventId: string;
  event: WebhookEventName;
}

export interface ApiRequestRecord {
  at: string;
  method: string;
  path: string;
  statusCode: number;
  userAgent: string | null;
}
