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

export interface RazorpayWebhookEvent {
  entity: 'event';
  account_id: string;
  event: string;
  contains: string[];
  payload: {
    payment?: { entity: RazorpayPayment };
    order?: { entity: RazorpayOrder };
    refund?: { entity: RazorpayRefund };
  };
  created_at: number;
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
}
