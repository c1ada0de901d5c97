import { RazorpayError } from './errors.js';
import { normaliseOrder, normalisePayment, normalisePaymentLink, normaliseRefund } from './normalise.js';
import type { PaymentLinkEventName, PaymentLinkWebhookEvent, RazorpayWebhookEvent } from './types.js';

export const PAYMENT_LINK_EVENTS: readonly PaymentLinkEventName[] = ['payment_link.paid', 'payment_link.partially_paid', 'payment_link.expired', 'payment_link.cancelled'];

function bad(message: string): RazorpayError {
  return new RazorpayError('invalid_request', message, { retryable: false });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** C0 control characters and DEL: PostgreSQL cannot store NUL, and no Razorpay value carries any. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Razorpay's ids: a short lower-case prefix, an underscore and up to 40 letters and digits. */
const RAZORPAY_ID = /^[a-z]{2,8}_[A-Za-z0-9]{1,40}$/;

/**
 * The fields of an entity the shop reads, checked so that a body Razorpay signed but that the shop
 * cannot use (a hand-made test delivery, a format it does not know) is refused here, never half
 * stored: ids as Razorpay writes them, amounts in whole paise, strings short and free of control
 * characters. `where` names the entity in the error.
 */
function checkEntity(entity: Record<string, unknown>, where: string): void {
  const fail = (field: string, why: string) => {
    throw bad(`Webhook ${where}.${field} ${why}`);
  };
  if (!RAZORPAY_ID.test(String(entity.id))) fail('id', 'is not a Razorpay id');
  for (const field of ['amount', 'amount_refunded', 'amount_paid', 'amount_due']) {
    const value = entity[field];
    if (value !== undefined && value !== null && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) fail(field, 'is not a whole number of paise');
  }
  for (const field of ['order_id', 'payment_id']) {
    const value = entity[field];
    if (value !== undefined && value !== null && !(typeof value === 'string' && RAZORPAY_ID.test(value))) fail(field, 'is not a Razorpay id');
  }
  for (const [field, value] of Object.entries(entity)) {
    if (typeof value === 'string' && (value.length > 2_000 || CONTROL.test(value))) fail(field, 'is too long or holds control characters');
  }
  const notes = entity.notes;
  if (isObject(notes)) {
    for (const [key, value] of Object.entries(notes)) {
      if (key.length > 100 || CONTROL.test(key) || (typeof value === 'string' && (value.length > 2_000 || CONTROL.test(value)))) fail('notes', 'holds a note that is too long or has control characters');
    }
  }
}

/**
 * Parses a webhook body (after its signature has been checked against the same raw bytes).
 * Checks the envelope's shape and normalises `notes: []` inside the entities.
 */
export function parseWebhookEvent(rawBody: Buffer | string): RazorpayWebhookEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.isBuffer(rawBody) ? rawBody.toString('utf8') : rawBody);
  } catch {
    throw bad('Webhook body is not valid JSON');
  }
  if (!isObject(parsed)) throw bad('Webhook body is not a JSON object');
  if (parsed.entity !== 'event') throw bad('Webhook body is not an event (entity must be "event")');
  if (typeof parsed.event !== 'string' || !/^[a-z_]{1,40}\.[a-z_]{1,40}$/.test(parsed.event)) throw bad('Webhook event name is missing or unreadable');
  if (!Array.isArray(parsed.contains) || !parsed.contains.every((c) => typeof c === 'string')) throw bad('Webhook contains is not a list');
  if (!isObject(parsed.payload)) throw bad('Webhook payload is missing');
  if (typeof parsed.created_at !== 'number' || !Number.isSafeInteger(parsed.created_at)) throw bad('Webhook created_at is missing');
  const payload: RazorpayWebhookEvent['payload'] = {};
  for (const name of ['payment', 'order', 'refund', 'payment_link'] as const) {
    const wrapper = parsed.payload[name];
    if (wrapper === undefined) continue;
    if (!isObject(wrapper) || !isObject(wrapper.entity) || typeof wrapper.entity.id !== 'string') {
      throw bad(`Webhook payload.${name}.entity is malformed`);
    }
    checkEntity(wrapper.entity, `payload.${name}.entity`);
    if (name === 'payment') payload.payment = { entity: normalisePayment(wrapper.entity) };
    else if (name === 'order') payload.order = { entity: normaliseOrder(wrapper.entity) };
    else if (name === 'refund') payload.refund = { entity: normaliseRefund(wrapper.entity) };
    else payload.payment_link = { entity: normalisePaymentLink(wrapper.entity) };
  }
  if (parsed.event.startsWith('payment_link.')) {
    if (!(PAYMENT_LINK_EVENTS as readonly string[]).includes(parsed.event)) throw bad(`Unknown payment link event ${parsed.event}`);
    if (!payload.payment_link) throw bad(`Webhook ${parsed.event} has no payload.payment_link`);
    // A paid link's event carries the order Razorpay made for it and the captured payment.
    if ((parsed.event === 'payment_link.paid' || parsed.event === 'payment_link.partially_paid') && (!payload.order || !payload.payment)) {
      throw bad(`Webhook ${parsed.event} has no payload.order or payload.payment`);
    }
  }
  return {
    entity: 'event',
    account_id: typeof parsed.account_id === 'string' ? parsed.account_id : '',
    event: parsed.event,
    contains: parsed.contains as string[],
    payload,
    created_at: parsed.created_at,
  };
}

/** Narrows a parsed event to one of the four `payment_link.*` events (whose payload parseWebhookEvent has checked). */
export function isPaymentLinkEvent(event: RazorpayWebhookEvent): event is PaymentLinkWebhookEvent {
  return (PAYMENT_LINK_EVENTS as readonly string[]).includes(event.event);
}
