import { paymentLinkExpiryBounds } from '@pickles/razorpay-client';
import { badRequest } from './api-errors.js';
import { currencyOf, integerAmount, rejectExtraFields, validateNotes } from './api-input.js';
import type { Notes, PaymentLinkEntity } from './types.js';

/**
 * The bodies of POST /v1/payment_links and PATCH /v1/payment_links/:id, checked as Razorpay checks
 * them (the texts follow its validation messages; callers branch on `field`). What the sandbox does
 * not emulate (partial payments, UPI-only links, checkout `options`) is refused with a 400 saying
 * so, rather than accepted and ignored.
 */

export interface PaymentLinkDraft {
  amount: number;
  currency: string;
  description: string;
  reference_id: string;
  customer: PaymentLinkEntity['customer'];
  notify: PaymentLinkEntity['notify'];
  reminder_enable: boolean;
  notes: Notes;
  callback_url: string;
  callback_method: string;
  expire_by: number;
}

export type PaymentLinkPatch = Partial<Pick<PaymentLinkDraft, 'reference_id' | 'expire_by' | 'notes' | 'reminder_enable'>>;

const CREATE_FIELDS = [
  'amount',
  'currency',
  'accept_partial',
  'first_min_partial_amount',
  'description',
  'reference_id',
  'customer',
  'notify',
  'reminder_enable',
  'notes',
  'callback_url',
  'callback_method',
  'expire_by',
  'upi_link',
  'options',
] as const;
const EDIT_FIELDS = ['reference_id', 'expire_by', 'notes', 'reminder_enable', 'accept_partial'] as const;

const notInSandbox = (what: string, field: string) => badRequest(`${what} is not supported by the Razorpay sandbox`, { field });

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function booleanField(value: unknown, field: string, label: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw badRequest(`The ${label} field must be true or false.`, { field });
  return value;
}

/** accept_partial may be sent, as false; partial payments are not emulated. */
function refusePartial(body: Record<string, unknown>): void {
  if (booleanField(body.accept_partial, 'accept_partial', 'accept partial') === true) throw notInSandbox('Partial payment (accept_partial: true)', 'accept_partial');
  if (body.first_min_partial_amount !== undefined) {
    throw badRequest('first_min_partial_amount is/are not required and should not be sent', { reason: 'extra_field_sent', field: 'first_min_partial_amount' });
  }
}

function referenceId(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw badRequest('The reference id must be a string.', { field: 'reference_id' });
  if (value.length > 40) throw badRequest('The reference id may not be greater than 40 characters.', { field: 'reference_id' });
  return value;
}

function expireBy(value: unknown, nowSeconds: number): number {
  const { earliest, latest } = paymentLinkExpiryBounds(nowSeconds);
  if (value === undefined || value === null) return latest;
  const seconds = integerAmount(value, 'expire_by');
  if (seconds < earliest) throw badRequest('The expire by date should be at least 15 minutes after the current time.', { field: 'expire_by' });
  if (seconds > latest) throw badRequest('The expire by date may not be more than 6 months after the current time.', { field: 'expire_by' });
  return seconds;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CONTACT = /^\+?[0-9]{8,15}$/;

function customerOf(value: unknown): PaymentLinkEntity['customer'] {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw badRequest('The customer must be an object.', { field: 'customer' });
  const extra = Object.keys(value).filter((key) => !['name', 'email', 'contact'].includes(key));
  if (extra.length > 0) throw badRequest(`customer.${extra[0]} is/are not required and should not be sent`, { reason: 'extra_field_sent', field: `customer.${extra[0]}` });
  const customer: PaymentLinkEntity['customer'] = {};
  if (value.contact !== undefined) {
    const contact = typeof value.contact === 'number' ? String(value.contact) : value.contact;
    if (typeof contact !== 'string' || !CONTACT.test(contact)) throw badRequest('The contact format is invalid.', { field: 'customer.contact' });
    customer.contact = contact;
  }
  if (value.email !== undefined) {
    if (typeof value.email !== 'string' || !EMAIL.test(value.email)) throw badRequest('The email must be a valid email address.', { field: 'customer.email' });
    customer.email = value.email;
  }
  if (value.name !== undefined) {
    if (typeof value.name !== 'string') throw badRequest('The name must be a string.', { field: 'customer.name' });
    if (value.name.length > 255) throw badRequest('The name may not be greater than 255 characters.', { field: 'customer.name' });
    customer.name = value.name;
  }
  return customer;
}

function notifyOf(value: unknown): PaymentLinkEntity['notify'] {
  if (value === undefined || value === null) return { email: false, sms: false, whatsapp: false };
  if (!isObject(value)) throw badRequest('The notify must be an object.', { field: 'notify' });
  return {
    email: booleanField(value.email, 'notify.email', 'notify email') ?? false,
    sms: booleanField(value.sms, 'notify.sms', 'notify sms') ?? false,
    whatsapp: booleanField(value.whatsapp, 'notify.whatsapp', 'notify whatsapp') ?? false,
  };
}

function callbackOf(url: unknown, method: unknown): { callback_url: string; callback_method: string } {
  if (url === undefined || url === null || url === '') {
    if (method !== undefined && method !== null && method !== '' && method !== 'get') throw badRequest('The selected callback method is invalid.', { field: 'callback_method' });
    return { callback_url: '', callback_method: typeof method === 'string' ? method : '' };
  }
  let parsed: URL | undefined;
  try {
    parsed = typeof url === 'string' ? new URL(url) : undefined;
  } catch {}
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) throw badRequest('The callback url format is invalid.', { field: 'callback_url' });
  if (method === undefined || method === null || method === '') {
    throw badRequest('The callback method field is required when callback url is present.', { field: 'callback_method' });
  }
  if (method !== 'get') throw badRequest('The selected callback method is invalid.', { field: 'callback_method' });
  return { callback_url: url as string, callback_method: 'get' };
}

export function parsePaymentLinkCreate(body: Record<string, unknown>, nowSeconds: number): PaymentLinkDraft {
  rejectExtraFields(body, CREATE_FIELDS);
  if (body.options !== undefined) throw notInSandbox('Checkout customisation (options)', 'options');
  if (booleanField(body.upi_link, 'upi_link', 'upi link') === true) throw notInSandbox('A UPI Payment Link (upi_link: true)', 'upi_link');
  const amount = integerAmount(body.amount);
  if (amount < 100) throw badRequest('The amount must be at least INR 1.00', { field: 'amount' });
  const currency = body.currency === undefined ? 'INR' : currencyOf(body.currency);
  refusePartial(body);
  let description = '';
  if (body.description !== undefined && body.description !== null) {
    if (typeof body.description !== 'string') throw badRequest('The description must be a string.', { field: 'description' });
    if (body.description.length > 2048) throw badRequest('The description may not be greater than 2048 characters.', { field: 'description' });
    description = body.description;
  }
  return {
    amount,
    currency,
    description,
    reference_id: referenceId(body.reference_id),
    customer: customerOf(body.customer),
    notify: notifyOf(body.notify),
    reminder_enable: booleanField(body.reminder_enable, 'reminder_enable', 'reminder enable') ?? false,
    notes: validateNotes(body.notes),
    ...callbackOf(body.callback_url, body.callback_method),
    expire_by: expireBy(body.expire_by, nowSeconds),
  };
}

/** PATCH takes only these fields (as Razorpay's "Update a Payment Link"). */
export function parsePaymentLinkEdit(body: Record<string, unknown>, nowSeconds: number): PaymentLinkPatch {
  rejectExtraFields(body, EDIT_FIELDS);
  refusePartial(body);
  const patch: PaymentLinkPatch = {};
  if (body.reference_id !== undefined) patch.reference_id = referenceId(body.reference_id);
  if (body.expire_by !== undefined) patch.expire_by = expireBy(body.expire_by, nowSeconds);
  if (body.notes !== undefined) patch.notes = validateNotes(body.notes);
  const reminder = booleanField(body.reminder_enable, 'reminder_enable', 'reminder enable');
  if (reminder !== undefined) patch.reminder_enable = reminder;
  return patch;
}
