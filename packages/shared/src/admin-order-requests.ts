import { z } from 'zod';
import { COURIERS, COURIER_IDS, findCourier, type CourierId } from './couriers.js';
import { rupeesToPaise } from './money.js';
import { CONTROL_CHARACTER_MESSAGE, plainString } from './validation.js';

/**
 * Requests of the admin's order page (docs/decisions/010-after-the-payment.md): record a dispatch,
 * dispatch a pasted list, refund. The SPA's forms and admin-orders validate with the same schemas,
 * so a message the form shows is the one the server would answer.
 */
export { COURIERS, COURIER_IDS, courierTrackingUrl, type CourierId } from './couriers.js';

export const ADMIN_ORDER_MESSAGES = {
  courierId: 'Choose a courier',
  courierName: "Enter the courier's name",
  trackingUrl: "Enter the courier's tracking link (an https:// address)",
  awb: 'The AWB (tracking number) must be 4 to 40 letters, digits or dashes',
  lines: 'Paste at least one line: order number, courier, AWB',
  amount: 'Enter an amount above ₹0 with at most two decimals',
  reason: 'Give a reason of 3 to 200 characters',
  requestKey: 'Invalid request key',
} as const;

/** Air waybill numbers: what Indian couriers print (letters, digits, dashes). */
export const AWB_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
export const MAX_DISPATCH_LINES = 500;
export const MAX_COURIER_NAME_LENGTH = 60;

/** A form's empty field is an absent one. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const awbSchema = plainString(ADMIN_ORDER_MESSAGES.awb, 100).trim().regex(AWB_PATTERN, { error: ADMIN_ORDER_MESSAGES.awb });

const httpsUrl = plainString(ADMIN_ORDER_MESSAGES.trackingUrl, 500)
  .trim()
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { error: ADMIN_ORDER_MESSAGES.trackingUrl },
  );

/**
 * PUT /api/admin/orders/{id}/dispatch. A known courier's tracking link comes from its template
 * unless the owner gives one; "other" needs the courier's name and an https link.
 */
export const recordDispatchSchema = z
  .object({
    courierId: z.enum(COURIER_IDS, { error: ADMIN_ORDER_MESSAGES.courierId }),
    courierName: optional(plainString(ADMIN_ORDER_MESSAGES.courierName, MAX_COURIER_NAME_LENGTH).trim().min(2, { error: ADMIN_ORDER_MESSAGES.courierName })),
    awb: awbSchema,
    trackingUrl: optional(httpsUrl),
  })
  .superRefine((value, ctx) => {
    if (value.courierId !== 'other') return;
    if (!value.courierName) ctx.addIssue({ code: 'custom', path: ['courierName'], message: ADMIN_ORDER_MESSAGES.courierName });
    if (!value.trackingUrl) ctx.addIssue({ code: 'custom', path: ['trackingUrl'], message: ADMIN_ORDER_MESSAGES.trackingUrl });
  });
/** What the form sends (an empty courierName or trackingUrl counts as absent). */
export interface RecordDispatchRequest {
  courierId: CourierId;
  courierName?: string;
  awb: string;
  trackingUrl?: string;
}
export type RecordDispatchInput = z.output<typeof recordDispatchSchema>;

/** Most orders one Ship of the list books at once (each is a few courier calls). */
export const MAX_SHIP_BATCH = 50;

/** POST /api/admin/orders/{id}/ship: without courierId the courier's own rules choose one. */
export const shipOrderSchema = z.object({
  courierId: z.number({ error: 'Choose a courier from the list' }).int({ error: 'Choose a courier from the list' }).positive({ error: 'Choose a courier from the list' }).optional(),
});
export type ShipOrderRequest = z.input<typeof shipOrderSchema>;

/** POST /api/admin/orders/ship-batch: the selected orders, each booked with the courier's choice. */
export const shipBatchSchema = z.object({
  orderIds: z
    .array(z.uuid({ error: 'Invalid order id' }), { error: 'Select at least one order' })
    .min(1, { error: 'Select at least one order' })
    .max(MAX_SHIP_BATCH, { error: `At most ${MAX_SHIP_BATCH} orders at a time` }),
});
export type ShipBatchRequest = z.input<typeof shipBatchSchema>;

/**
 * POST /api/admin/orders/{id}/delivery-problem: the owner's answer to a failed delivery. A
 * re-attempt may carry a corrected phone, a note for the delivery agent and a day; a return cannot
 * be undone.
 */
export const deliveryProblemActionSchema = z
  .object({
    action: z.enum(['re-attempt', 'return'], { error: 'Choose re-attempt or return' }),
    phone: optional(z.string().trim().regex(/^[6-9]\d{9}$/, { error: 'A 10-digit Indian mobile number' })),
    addressNote: optional(plainString('A note of at most 200 characters', 200).trim()),
    date: optional(z.iso.date({ error: 'A day as YYYY-MM-DD' })),
  })
  .superRefine((value, ctx) => {
    if (value.action !== 'return') return;
    for (const field of ['phone', 'addressNote', 'date'] as const) {
      if (value[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'Only a re-attempt takes a phone, a note or a day' });
    }
  });
export type DeliveryProblemActionRequest = z.input<typeof deliveryProblemActionSchema>;

/** POST /api/admin/orders/dispatch-batch: the pasted text, one "order number, courier, AWB" per line. */
export const batchDispatchSchema = z.object({
  lines: z
    .string({ error: ADMIN_ORDER_MESSAGES.lines })
    .max(MAX_DISPATCH_LINES * 200, { error: `At most ${MAX_DISPATCH_LINES} lines at a time`, abort: true })
    // Tabs and line breaks separate a pasted sheet's cells and rows; nothing else below a space does.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .refine((text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text), { error: CONTROL_CHARACTER_MESSAGE, abort: true })
    .refine((text) => text.trim() !== '', { error: ADMIN_ORDER_MESSAGES.lines })
    .refine((text) => nonBlankLineCount(text) <= MAX_DISPATCH_LINES, { error: `At most ${MAX_DISPATCH_LINES} lines at a time` }),
});
export type BatchDispatchRequest = z.input<typeof batchDispatchSchema>;

function nonBlankLineCount(text: string): number {
  return text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A courier by its id or its name, ignoring case, spaces and punctuation ("Blue Dart", "bluedart", "DTDC"). */
export function matchCourier(text: string): (typeof COURIERS)[number] | undefined {
  const wanted = squash(text);
  if (!wanted) return undefined;
  return COURIERS.find((courier) => squash(courier.id) === wanted || squash(courier.name) === wanted);
}

export type DispatchLine =
  | { line: number; text: string; orderNumber: string; courierId: CourierId; awb: string }
  | { line: number; text: string; reason: string };

/**
 * Reads pasted dispatch lines (from a spreadsheet: tab-separated; or typed: comma-separated). Blank
 * lines and a heading line ("Order number, Courier, AWB") are skipped; each other line is either
 * a dispatch to record or refused with the reason. Line numbers are 1-based, as the owner sees them.
 */
export function parseDispatchLines(text: string): DispatchLine[] {
  const result: DispatchLine[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const lineText = raw.trim();
    if (!lineText) return;
    const fields = lineText.split(lineText.includes('\t') ? '\t' : ',').map((field) => field.trim().replace(/^"(.*)"$/, '$1').trim());
    while (fields.length > 3 && fields[fields.length - 1] === '') fields.pop();
    if (fields.length !== 3 || fields.some((field) => field === '')) {
      result.push({ line, text: lineText, reason: 'Expected three fields: order number, courier, AWB' });
      return;
    }
    const [orderField, courierField, awbField] = fields as [string, string, string];
    if (/^order/i.test(orderField) && /^awb/i.test(awbField)) return; // the heading of a pasted sheet
    const orderNumber = orderField.toUpperCase();
    const courier = matchCourier(courierField);
    if (!courier) {
      result.push({ line, text: lineText, reason: `Unknown courier "${courierField}" (use one of: ${COURIERS.filter((c) => c.id !== 'other').map((c) => c.name).join(', ')})` });
    } else if (courier.id === 'other') {
      result.push({ line, text: lineText, reason: "Another courier needs its name and tracking link: record it on the order's page" });
    } else if (!AWB_PATTERN.test(awbField)) {
      result.push({ line, text: lineText, reason: ADMIN_ORDER_MESSAGES.awb });
    } else if (seen.has(orderNumber)) {
      result.push({ line, text: lineText, reason: `Order ${orderNumber} is already on line ${seen.get(orderNumber)}` });
    } else {
      seen.set(orderNumber, line);
      result.push({ line, text: lineText, orderNumber, courierId: courier.id, awb: awbField });
    }
  });
  return result;
}

/**
 * How a dispatch's courier is stored in `order_dispatches.courier`: a known courier's id, or for
 * "other" the name the owner typed (a name that is a known courier's is stored as that courier).
 */
export function courierToStore(courierId: CourierId, courierName?: string): string {
  if (courierId !== 'other' || !courierName) return courierId;
  return matchCourier(courierName)?.id ?? courierName.trim();
}

/** The courier of a stored dispatch, as the API and the e-mails name it. */
export function storedCourier(stored: string): { courierId: CourierId; courierName: string } {
  const known = findCourier(stored);
  return known ? { courierId: known.id, courierName: known.name } : { courierId: 'other', courierName: stored };
}

/**
 * POST /api/admin/orders/{id}/refunds. `requestKey` is made once per refund dialog (a random id):
 * sending it again, by a double click or a retry, returns the same request and refunds nothing more.
 */
export const createRefundSchema = z.object({
  amount: z
    .number({ error: ADMIN_ORDER_MESSAGES.amount })
    .finite({ error: ADMIN_ORDER_MESSAGES.amount })
    .positive({ error: ADMIN_ORDER_MESSAGES.amount })
    .max(10_000_000, { error: ADMIN_ORDER_MESSAGES.amount })
    .refine((rupees) => Math.abs(rupeesToPaise(rupees) - rupees * 100) < 1e-6, { error: ADMIN_ORDER_MESSAGES.amount }),
  reason: plainString(ADMIN_ORDER_MESSAGES.reason, 200).trim().min(3, { error: ADMIN_ORDER_MESSAGES.reason }),
  requestKey: plainString(ADMIN_ORDER_MESSAGES.requestKey, 100).regex(/^[A-Za-z0-9_-]{16,100}$/, { error: ADMIN_ORDER_MESSAGES.requestKey }),
});
export type CreateRefundRequest = z.input<typeof createRefundSchema>;
