import { z } from 'zod';
import { MAX_QUANTITY_PER_LINE } from './pricing.js';
import { ADMIN_SETTABLE_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from './order-status.js';
import type { DeliveryPromise } from './delivery-promise.js';
import { DISCOUNT_CODE_PATTERN } from './discount-codes.js';

/**
 * One schema per payload, shared by the SPA (to show messages) and the services (to refuse bad
 * input). Messages are docs/product.md §5's, word for word.
 */
export const CHECKOUT_MESSAGES = {
  name: 'Name is required',
  email: 'Valid email required',
  phone: 'Valid 10-digit phone number required',
  flatNumber: 'Flat/House number is required',
  street: 'Street name is required',
  area: 'Area/Locality is required',
  city: 'City is required',
  state: 'State is required',
  pincode: 'Valid 6-digit pincode required',
} as const;

/**
 * The address checked against India Post's pincode directory (packages/pincodes): added to
 * §5's messages, which stay as they are. Shown under the pincode or the state field.
 */
export const PINCODE_MESSAGES = {
  unknown: "This pincode is not in India Post's directory. Please check it, or write to us if it is right.",
  /** The typed state is another state, or no state we recognise. */
  otherState: (state: string) => `This pincode is in ${state}. Please check the state or the pincode.`,
} as const;

/**
 * The phone rule's second half, added to §5's message (docs/product.md §5): ten digits that do not
 * start with 6-9 are not an Indian mobile number, and the shopper is told exactly that.
 */
export const PHONE_MESSAGES = {
  notMobile: `${CHECKOUT_MESSAGES.phone}: an Indian mobile number starts with 6, 7, 8 or 9`,
} as const;

/** Longest text accepted in a free-text field; the database and e-mails rely on it. */
export const MAX_TEXT_LENGTH = 200;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** C0 control characters (NUL among them) and DEL: never part of a name, an address or a search. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
export const CONTROL_CHARACTER_MESSAGE = 'contains characters that are not allowed (control characters such as NUL)';

/**
 * The start of every string a request may carry: longer than `max` is refused before anything else
 * looks at it (no pattern ever runs over a hostile 32 KB value), then control characters are
 * refused. Both stop the checks that follow. `message` is the field's own message, for length.
 */
export function plainString(message: string, max: number = MAX_TEXT_LENGTH) {
  return z
    .string({ error: message })
    .max(max, { error: message, abort: true })
    .refine((value) => !CONTROL_CHARACTER.test(value), { error: CONTROL_CHARACTER_MESSAGE, abort: true });
}

const requiredText = (message: string) => plainString(message).trim().min(1, { error: message });

export const customerInfoSchema = z.object({
  name: requiredText(CHECKOUT_MESSAGES.name),
  email: plainString(CHECKOUT_MESSAGES.email).trim().regex(EMAIL_PATTERN, { error: CHECKOUT_MESSAGES.email }),
  // Indian mobile numbers are 10 digits starting with 6, 7, 8 or 9 (TRAI's national numbering plan):
  // the wrong count of digits gets §5's message, ten digits that are no mobile number say why.
  phone: plainString(CHECKOUT_MESSAGES.phone, 20)
    .trim()
    .regex(/^\d{10}$/, { error: CHECKOUT_MESSAGES.phone, abort: true })
    .regex(/^[6-9]/, { error: PHONE_MESSAGES.notMobile }),
});

export const deliveryAddressSchema = z.object({
  flatNumber: requiredText(CHECKOUT_MESSAGES.flatNumber),
  street: requiredText(CHECKOUT_MESSAGES.street),
  area: requiredText(CHECKOUT_MESSAGES.area),
  city: requiredText(CHECKOUT_MESSAGES.city),
  state: requiredText(CHECKOUT_MESSAGES.state),
  pincode: plainString(CHECKOUT_MESSAGES.pincode, 20).trim().regex(/^\d{6}$/, { error: CHECKOUT_MESSAGES.pincode }),
});

/** Country and trunk prefixes a pasted Indian number may carry before its 10 digits (+91, 0091, 091, 0). */
const PHONE_PREFIXES = ['0091', '091', '91', '0'];

/**
 * What the phone field keeps of what is typed or pasted: digits only (spaces, dashes, brackets
 * and '+' go), a leading +91, 091 or 0 dropped when exactly 10 digits remain, then at most 10
 * digits. Digits are taken out before the cap, so '+91 98765 43210' is not cut to '9198765'.
 */
export function normalisePhoneInput(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const prefix = PHONE_PREFIXES.find((candidate) => digits.startsWith(candidate) && digits.length - candidate.length === 10);
  return (prefix ? digits.slice(prefix.length) : digits).slice(0, 10);
}

/** What the pincode field keeps: digits only ('110 001' is 110001), at most 6. */
export function normalisePincodeInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 6);
}

/** The /payment form, flat, as the SPA holds it. */
export const checkoutFormSchema = customerInfoSchema.extend(deliveryAddressSchema.shape);
export type CheckoutForm = z.input<typeof checkoutFormSchema>;
export type FieldErrors = Record<string, string>;

/** Field -> first message, for forms and for the API's `fields` on a validation failure. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validateCheckoutForm(form: Partial<Record<keyof CheckoutForm, unknown>>): FieldErrors {
  const result = checkoutFormSchema.safeParse(form);
  return result.success ? {} : fieldErrors(result.error);
}

const rupees = z.number().finite().nonnegative();

/** A discount code as a shopper types it: any case, spaces around; 3-30 letters, digits, - or _. */
export const discountCodeField = plainString('Please enter a discount code', 30)
  .trim()
  .toUpperCase()
  .regex(DISCOUNT_CODE_PATTERN, { error: 'A discount code is 3 to 30 letters, digits, - or _' });

/** POST /api/discount-codes/check: what a code would do for this cart now (advisory: create-order decides). */
export const discountCheckPayloadSchema = z.object({
  code: discountCodeField,
  items: z.array(z.object({ itemId: z.number().int().positive(), quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE) })).min(1, { error: 'Your cart is empty' }).max(20),
  /** The shopper's e-mail and phone when typed already: their own limit is checked too. */
  email: z.string().max(200).optional(),
  phone: z.string().max(20).optional(),
});
export type DiscountCheckPayload = z.infer<typeof discountCheckPayloadSchema>;

/** Jars of one pickle on an order's line, from the storefront's cart or the owner's phone order. */
const lineQuantity = z
  .number()
  .int({ error: 'Quantity must be a whole number' })
  .min(1, { error: 'Quantity must be at least 1' })
  .max(MAX_QUANTITY_PER_LINE, { error: `At most ${MAX_QUANTITY_PER_LINE} jars of one pickle per order` });

/** An order's lines: one to twenty, `empty` said when there are none. */
const orderLines = <Line extends z.ZodType>(line: Line, empty: string) => z.array(line).min(1, { error: empty }).max(20);

/** POST /api/payment/create-order (docs/product.md §3, "Order-creation payload"). Amounts in rupees. */
export const createOrderPayloadSchema = z.object({
  amount: rupees,
  customerInfo: customerInfoSchema,
  deliveryAddress: deliveryAddressSchema,
  items: orderLines(
    z.object({
      itemId: z.number().int().positive(),
      name: plainString('Invalid product name'),
      quantity: lineQuantity,
      price: rupees,
      total: rupees,
    }),
    'Your cart is empty',
  ),
  /** A discount code as typed (any case); the server decides what it takes off (decision 028). */
  discountCode: discountCodeField.optional(),
});
export type CreateOrderPayload = z.infer<typeof createOrderPayloadSchema>;

/**
 * POST /api/admin/phone-orders: an order the owner takes by phone or WhatsApp (decision 032). Only
 * products and quantities: the server prices everything, the discount code included. The shopper's
 * details follow the checkout's rules.
 */
export const phoneOrderPayloadSchema = z.object({
  customerInfo: customerInfoSchema,
  deliveryAddress: deliveryAddressSchema,
  items: orderLines(z.object({ itemId: z.number().int().positive(), quantity: lineQuantity }), 'Choose at least one pickle'),
  discountCode: discountCodeField.optional(),
});
export type PhoneOrderPayload = z.infer<typeof phoneOrderPayloadSchema>;

export interface CreateOrderResponse {
  success: true;
  keyId: string;
  /** Paise, as Razorpay Checkout expects. */
  amount: number;
  currency: 'INR';
  razorpayOrderId: string;
  orderId: string;
  /** How long Razorpay Checkout stays open for it (its `timeout`): the order's jars are held a little longer. */
  paymentWindowSeconds: number;
  /** When the parcel arrives, from the order's day and its pincode's zone (delivery-promise.ts): what the success page shows. */
  deliveryPromise: DeliveryPromise;
}

const razorpayId = (prefix: string) =>
  plainString(`Invalid ${prefix} id`, 60).regex(new RegExp(`^${prefix}_[A-Za-z0-9]{6,40}$`), { error: `Invalid ${prefix} id` });

/** POST /api/payment/verify-payment. */
export const verifyPaymentPayloadSchema = z.object({
  razorpay_order_id: razorpayId('order'),
  razorpay_payment_id: razorpayId('pay'),
  razorpay_signature: plainString('Invalid signature', 64).regex(/^[0-9a-f]{64}$/i, { error: 'Invalid signature' }),
});

/** POST /api/payment/payment-failed: what the SPA knows after Razorpay's payment.failed. */
export const paymentFailedPayloadSchema = z.object({
  razorpay_order_id: razorpayId('order'),
  razorpay_payment_id: razorpayId('pay').optional(),
  error: z
    .object({
      code: plainString('Invalid error code', 100).optional(),
      description: plainString('Invalid error description', 500).optional(),
      reason: plainString('Invalid error reason', 100).optional(),
      source: plainString('Invalid error source', 100).optional(),
      step: plainString('Invalid error step', 100).optional(),
    })
    .partial()
    .optional(),
});

/** POST /api/admin/login. */
export const adminLoginSchema = z.object({
  username: plainString('Username is required', 100).trim().min(1, { error: 'Username is required' }),
  password: plainString('Password is required', 200).min(1, { error: 'Password is required' }),
});

const adminStatus = z.enum(ADMIN_SETTABLE_STATUSES, {
  error: `Status must be one of: ${ADMIN_SETTABLE_STATUSES.join(', ')}`,
});

export const statusUpdateSchema = z.object({ status: adminStatus });
/** PATCH /api/order/batch-update-status: the spec's ids of the visible orders and the new status. */
export const batchUpdateSchema = z.object({
  orderIds: z.array(z.uuid({ error: 'Invalid order id' })).min(1, { error: 'No orders selected' }).max(100_000),
  status: adminStatus,
});
/** POST /api/order/remove-multiple: only orders the lifecycle calls finished are ever archived. */
export const removeOrdersSchema = z.object({
  orderIds: z.array(z.uuid({ error: 'Invalid order id' })).min(1, { error: 'No orders selected' }).max(100_000),
});

const isoDay = plainString('Dates must be YYYY-MM-DD', 10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates must be YYYY-MM-DD' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: 'Dates must be YYYY-MM-DD' });
const filterText = plainString('Filter text is too long').trim();
/** Empty strings (the panel's "any") mean no constraint. */
const emptyToUndefined = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/**
 * The admin panel's filter (docs/product.md §3, "Admin filter state"; semantics in section 5). dateFrom
 * and dateTo are India (Asia/Kolkata) calendar days, both inclusive.
 */
export const adminOrderFilterSchema = z.object({
  status: emptyToUndefined(z.enum(ORDER_STATUSES, { error: 'Unknown status' })),
  paymentStatus: emptyToUndefined(z.enum(PAYMENT_STATUSES, { error: 'Unknown payment status' })),
  pincode: emptyToUndefined(filterText),
  city: emptyToUndefined(filterText),
  state: emptyToUndefined(filterText),
  dateFrom: emptyToUndefined(isoDay),
  dateTo: emptyToUndefined(isoDay),
  search: emptyToUndefined(filterText),
  /** 'waiting': the "To dispatch" view, paid orders not yet dispatched (packages/db awaiting-dispatch.ts). */
  dispatch: emptyToUndefined(z.enum(['waiting'], { error: "dispatch must be 'waiting'" })),
});
export type AdminOrderFilter = z.infer<typeof adminOrderFilterSchema>;

export const ADMIN_SORT_FIELDS = ['createdAt', 'updatedAt', 'amount', 'paidAt'] as const;
export type AdminSortField = (typeof ADMIN_SORT_FIELDS)[number];
export const ADMIN_MAX_PAGE_SIZE = 200;

/** GET /api/admin/orders query: the filter, the sort and the page. */
export const adminOrderQuerySchema = adminOrderFilterSchema.extend({
  sortField: emptyToUndefined(z.enum(ADMIN_SORT_FIELDS, { error: 'Unknown sort field' })).transform((v) => v ?? 'createdAt'),
  sortDir: emptyToUndefined(z.enum(['asc', 'desc'], { error: 'Sort direction must be asc or desc' })).transform((v) => v ?? 'desc'),
  page: emptyToUndefined(z.coerce.number({ error: 'Invalid page' }).int({ error: 'Invalid page' }).min(1, { error: 'Invalid page' }).max(1_000_000)).transform((v) => v ?? 1),
  pageSize: emptyToUndefined(
    z.coerce.number({ error: 'Invalid page size' }).int({ error: 'Invalid page size' }).min(1, { error: 'Invalid page size' }).max(ADMIN_MAX_PAGE_SIZE, { error: `At most ${ADMIN_MAX_PAGE_SIZE} orders per page` }),
  ).transform((v) => v ?? 50),
});

/**
 * GET /api/admin/orders/ids: the filter, the `asOf` of the list the owner is looking at, and whether
 * to keep only the orders Remove may archive, or only those a batch to a status would change.
 */
export const orderIdsQuerySchema = adminOrderFilterSchema.extend({
  asOf: z.iso.datetime({ error: 'asOf must be the asOf of an orders answer', offset: true }),
  removable: emptyToUndefined(z.enum(['true', 'false'], { error: 'removable must be true or false' })).transform((v) => v === 'true'),
  /** Only the orders a batch to this status would change (the lifecycle's decideOwnerMove): what the Batch Update button counts. */
  settableTo: emptyToUndefined(adminStatus),
});
