export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Default https://api.razorpay.com; the sandbox's URL in development and tests. */
  apiBaseUrl?: string;
  /** Per HTTP request; default 10000. */
  timeoutMs?: number;
}

export interface RazorpayOrder {
  id: string;
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface RazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  method?: string;
  captured: boolean;
  error_code: string | null;
  error_description: string | null;
  error_reason?: string | null;
  error_source?: string | null;
  error_step?: string | null;
  email?: string;
  contact?: string;
  created_at: number;
  amount_refunded?: number;
  refund_status?: string | null;
  notes: Record<string, string>;
}

export interface RazorpayRefund {
  id: string;
  payment_id: string;
  amount: number;
  /** Razorpay: pending until the bank confirms, then processed or failed. */
  status: string;
  /** The notes sent with the refund, echoed back (also in refund webhooks). */
  notes?: Record<string, string>;
}

export type RazorpayPaymentLinkStatus = 'created' | 'partially_paid' | 'expired' | 'cancelled' | 'paid';

/** One payment made on a link, as the link lists it. */
export interface RazorpayPaymentLinkPayment {
  payment_id: string;
  plink_id: string;
  amount: number;
  method: string;
  status: string;
  created_at: number;
  updated_at: number;
}

/**
 * A Payment Link, normalised: `notes` always an object, `payments` always a list (Razorpay sends
 * null until the first payment), `order_id` null until paying has started (Razorpay makes the
 * order then; the payment belongs to it), `reference_id` '' when the link has none.
 */
export interface RazorpayPaymentLink {
  id: string;
  amount: number;
  amount_paid: number;
  currency: string;
  accept_partial: boolean;
  description: string;
  reference_id: string;
  customer: { name?: string; email?: string; contact?: string };
  callback_url: string;
  callback_method: string;
  /** Unix seconds. */
  expire_by: number;
  /** Unix seconds; 0 while the link has not expired. */
  expired_at: number;
  /** Unix seconds; 0 while the link has not been cancelled. */
  cancelled_at: number;
  created_at: number;
  updated_at: number;
  status: RazorpayPaymentLinkStatus;
  /** The hosted page the shopper pays on. */
  short_url: string;
  order_id: string | null;
  payments: RazorpayPaymentLinkPayment[];
  notes: Record<string, string>;
}

export type PaymentLinkEventName = 'payment_link.paid' | 'payment_link.partially_paid' | 'payment_link.expired' | 'payment_link.cancelled';

export interface RazorpayWebhookEvent {
  entity: 'event';
  account_id: string;
  event: string;
  contains: string[];
  payload: {
    payment?: { entity: RazorpayPayment };
    order?: { entity: RazorpayOrder };
    refund?: { entity: RazorpayRefund };
    payment_link?: { entity: RazorpayPaymentLink };
  };
  created_at: number;
}

/**
 * A `payment_link.*` event as parseWebhookEvent has checked it: every one carries the link (a
 * snapshot taken when it happened); `paid` and `partially_paid` also carry the order Razorpay made
 * for the link and the captured payment.
 */
export type PaymentLinkWebhookEvent = RazorpayWebhookEvent &
  (
    | {
        event: 'payment_link.paid' | 'payment_link.partially_paid';
        payload: { payment_link: { entity: RazorpayPaymentLink }; order: { entity: RazorpayOrder }; payment: { entity: RazorpayPayment } };
      }
    | { event: 'payment_link.expired' | 'payment_link.cancelled'; payload: { payment_link: { entity: RazorpayPaymentLink } } }
  );

/** What the shop asks for; the client fills in the rest (INR, no partial payments, Razorpay sends no SMS or e-mail). */
export interface PaymentLinkInput {
  /** At least 100 (₹1). */
  amountPaise: number;
  /** The shop's own reference, 1–40 characters, unique per account: it makes a retried create safe. */
  referenceId: string;
  /** Shown on the hosted page; at most 2048 characters. */
  description?: string;
  customer?: { name?: string; email?: string; contact?: string };
  /** Where the shopper's browser is sent (GET, with the signed query) once the link is paid. */
  callbackUrl?: string;
  /** At least 15 minutes and at most 6 months ahead; Razorpay's default is 6 months. */
  expireBy?: Date;
  notes?: Record<string, string>;
}

export interface RazorpayClient {
  readonly keyId: string;
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<RazorpayOrder>;
  fetchOrder(orderId: string): Promise<RazorpayOrder>;
  fetchOrderPayments(orderId: string): Promise<RazorpayPayment[]>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  capturePayment(paymentId: string, amountPaise: number): Promise<RazorpayPayment>;
  refundPayment(
    paymentId: string,
    input?: { amountPaise?: number; idempotencyKey?: string; notes?: Record<string, string> },
  ): Promise<RazorpayRefund>;
  /** GET /v1/refunds/:id (Razorpay's refunds.fetch); an unknown id is `not_found`. */
  fetchRefund(refundId: string): Promise<RazorpayRefund>;
  /** HMAC-SHA256(order_id|payment_id, key secret), constant-time compare (crypto.timingSafeEqual) */
  isValidCheckoutSignature(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** HMAC-SHA256(raw body bytes, webhook secret), constant time */
  isValidWebhookSignature(rawBody: Buffer | string, signature: string | undefined): boolean;
  /**
   * Creates a Payment Link. Safe to repeat with the same referenceId: when Razorpay refuses the
   * reference as taken (or a create got no answer), the link already made with it is returned if
   * its amount is the same; another amount is a `conflict`.
   */
  createPaymentLink(input: PaymentLinkInput): Promise<RazorpayPaymentLink>;
  /** An unknown id is `not_found`. */
  fetchPaymentLink(paymentLinkId: string): Promise<RazorpayPaymentLink>;
  /**
   * Cancels a link that is still open. A link already cancelled is returned as it is; one that is
   * paid or expired cannot be cancelled (`invalid_request`; fetch it to see its status).
   */
  cancelPaymentLink(paymentLinkId: string): Promise<RazorpayPaymentLink>;
  /**
   * The signed query Razorpay adds to callback_url for a paid link: HMAC-SHA256 of
   * `payment_link_id|reference_id|status|payment_id` with the key secret, compared in constant time.
   */
  isValidPaymentLinkCallback(input: { paymentLinkId: string; referenceId: string; status: string; paymentId: string; signature: string }): boolean;
}
