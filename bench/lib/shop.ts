import { createHmac, randomBytes } from 'node:crypto';
import { SANDBOX_KEYS } from './stack.js';

const RUN = randomBytes(3).toString('hex');
let sequence = 0;

/** A valid create-order body (spec payload) for `quantity` jars of the first pickle, shopper number `n`. */
export function orderPayload(n: number, quantity = 1 + (n % 3)) {
  return {
    amount: 500 * quantity + 50 + 50 * quantity,
    customerInfo: { name: `Bench Shopper ${n}`, email: `shopper${RUN}${n}@example.com`, phone: `98${String(n % 1e8).padStart(8, '0')}` },
    deliveryAddress: { flatNumber: `Flat ${1 + (n % 90)}`, street: 'MG Road', area: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
    items: [{ itemId: 1, name: 'Royal Chicken Pickle', quantity, price: 500, total: 500 * quantity }],
  };
}

export const nextShopper = () => ++sequence;
export const idempotencyKey = (n: number) => `bench-${RUN}-${n}-${randomBytes(4).toString('hex')}`;
export const shopperEmail = (n: number) => `shopper${RUN}${n}@example.com`;

export interface CreatedOrder {
  n: number;
  orderId: string;
  razorpayOrderId: string;
  amountPaise: number;
}

export async function createOrder(origin: string, n = nextShopper()): Promise<CreatedOrder> {
  const response = await fetch(`${origin}/api/payment/create-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey(n) },
    body: JSON.stringify(orderPayload(n)),
  });
  const body = (await response.json()) as { orderId?: string; razorpayOrderId?: string; amount?: number; error?: string };
  if (response.status !== 201 || !body.razorpayOrderId || !body.orderId) throw new Error(`create-order answered ${response.status}: ${JSON.stringify(body)}`);
  return { n, orderId: body.orderId, razorpayOrderId: body.razorpayOrderId, amountPaise: body.amount ?? 0 };
}

export interface SandboxPayment {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
  payment: Record<string, unknown>;
}

/** A captured payment made server-side by the sandbox, with the checkout signature the browser would get. */
export async function sandboxPay(sandboxUrl: string, razorpayOrderId: string): Promise<SandboxPayment> {
  const response = await fetch(`${sandboxUrl}/sandbox/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: razorpayOrderId, status: 'captured' }),
  });
  const body = (await response.json()) as SandboxPayment & { error?: unknown };
  if (!response.ok || !body.razorpay_signature) throw new Error(`sandbox payment answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** One shopper's whole purchase: create-order, a captured sandbox payment, verify-payment; whether verify-payment took it. */
export async function buyOnce(origin: string, sandboxUrl: string): Promise<boolean> {
  const order = await createOrder(origin);
  const payment = await sandboxPay(sandboxUrl, order.razorpayOrderId);
  const verified = await fetch(`${origin}/api/payment/verify-payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ razorpay_order_id: payment.razorpay_order_id, razorpay_payment_id: payment.razorpay_payment_id, razorpay_signature: payment.razorpay_signature }),
  });
  await verified.arrayBuffer();
  return verified.ok;
}

export async function setKnobs(sandboxUrl: string, knobs: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${sandboxUrl}/sandbox/knobs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(knobs) });
  if (!response.ok) throw new Error(`sandbox knobs answered ${response.status}: ${await response.text()}`);
}

/** A `payment.captured` webhook as Razorpay sends it: raw body, signature and event id headers. */
export function capturedWebhook(payment: Record<string, unknown>): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_BenchAccount01',
    event: 'payment.captured',
    contains: ['payment'],
    payload: { payment: { entity: { ...payment, status: 'captured', captured: true } } },
    created_at: Math.floor(Date.now() / 1000),
  });
  const signature = createHmac('sha256', SANDBOX_KEYS.webhookSecret).update(body).digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': `evt_bench${randomBytes(8).toString('hex')}` } };
}
