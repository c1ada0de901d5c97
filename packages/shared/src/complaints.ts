import { z } from 'zod';
import { fromIndiaWallClock, indiaDateDigits, indiaWallClock } from './india-time.js';
import { EMAIL_PATTERN, normalisePhoneInput, plainString } from './validation.js';

/**
 * Complaints with ticket numbers. The Consumer Protection (E-Commerce) Rules 2020,
 * rule 4(5), ask the grievance officer to acknowledge a complaint within 48 hours of receipt and to
 * redress it within one month. Both deadlines are fixed when the complaint arrives and shown to the
 * shopper (on screen and by e-mail) and to the owner (the admin's complaints list, late ones marked).
 */

export const COMPLAINT_CATEGORIES = [
  { id: 'not-received', label: 'Order not received' },
  { id: 'damaged', label: 'Jar damaged or leaking' },
  { id: 'quality', label: 'Taste or quality' },
  { id: 'wrong-item', label: 'Wrong or missing item' },
  { id: 'payment', label: 'Payment or refund' },
  { id: 'other', label: 'Something else' },
] as const;
export type ComplaintCategory = (typeof COMPLAINT_CATEGORIES)[number]['id'];
const CATEGORY_IDS = COMPLAINT_CATEGORIES.map((category) => category.id) as [ComplaintCategory, ...ComplaintCategory[]];

export function complaintCategoryLabel(id: string): string {
  return COMPLAINT_CATEGORIES.find((category) => category.id === id)?.label ?? id;
}

/** Longest complaint text; the e-mails quote it in full. */
export const MAX_COMPLAINT_LENGTH = 2000;
/** Shortest complaint text: "bad" is not something the owner can act on. */
export const MIN_COMPLAINT_LENGTH = 10;
/** Longest resolution the owner writes; it is e-mailed to the shopper. */
export const MAX_RESOLUTION_LENGTH = 2000;

export const COMPLAINT_MESSAGES = {
  name: 'Name is required',
  email: 'Valid email required',
  phone: 'Enter a 10-digit phone number, or leave it empty',
  orderNumber: 'Enter the order number from your confirmation e-mail, or leave it empty',
  category: 'Choose what the complaint is about',
  message: `Tell us what happened in ${MIN_COMPLAINT_LENGTH} to ${MAX_COMPLAINT_LENGTH} characters`,
  resolution: `Say what was done, in up to ${MAX_RESOLUTION_LENGTH} characters: the shopper receives it by e-mail`,
  notFound: 'No complaint with that id',
  alreadyResolved: 'This complaint is already resolved',
} as const;

/** C0 controls and DEL except tab and line breaks: a complaint has paragraphs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Multi-line text between min and max characters (after trimming), line breaks kept as \n. */
function paragraphs(message: string, min: number, max: number) {
  return z
    .string({ error: message })
    .max(max + 200, { error: message, abort: true })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(min, { error: message })
        .max(max, { error: message })
        .refine((value) => !CONTROL_EXCEPT_LINES.test(value), { error: message }),
    );
}

/** An empty optional field is absent. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** POST /api/complaints: the complaint form on /complaint (from Contact Us and the tracking page). */
export const complaintRequestSchema = z.object({
  name: plainString(COMPLAINT_MESSAGES.name).trim().min(1, { error: COMPLAINT_MESSAGES.name }),
  email: plainString(COMPLAINT_MESSAGES.email).trim().regex(EMAIL_PATTERN, { error: COMPLAINT_MESSAGES.email }),
  phone: z.preprocess(
    blankToUndefined,
    plainString(COMPLAINT_MESSAGES.phone, 20)
      .transform(normalisePhoneInput)
      .pipe(z.string().regex(/^[6-9]\d{9}$/, { error: COMPLAINT_MESSAGES.phone }))
      .optional(),
  ),
  orderNumber: z.preprocess(
    blankToUndefined,
    plainString(COMPLAINT_MESSAGES.orderNumber, 40)
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-]{3,39}$/, { error: COMPLAINT_MESSAGES.orderNumber })
      .optional(),
  ),
  category: z.enum(CATEGORY_IDS, { error: COMPLAINT_MESSAGES.category }),
  message: paragraphs(COMPLAINT_MESSAGES.message, MIN_COMPLAINT_LENGTH, MAX_COMPLAINT_LENGTH),
});
export type ComplaintRequest = z.input<typeof complaintRequestSchema>;
export type ParsedComplaint = z.output<typeof complaintRequestSchema>;

/** POST /api/admin/complaints/{id}/resolve */
export const resolveComplaintSchema = z.object({
  resolution: paragraphs(COMPLAINT_MESSAGES.resolution, 1, MAX_RESOLUTION_LENGTH),
});

/** GET /api/admin/complaints?state= */
export const COMPLAINT_LIST_STATES = ['open', 'late', 'resolved', 'all'] as const;
export type ComplaintListState = (typeof COMPLAINT_LIST_STATES)[number];
export const complaintListQuerySchema = z.object({
  state: z.enum(COMPLAINT_LIST_STATES, { error: `state must be one of ${COMPLAINT_LIST_STATES.join(', ')}` }).default('open'),
});

/** Rule 4(5): acknowledge within 48 hours. */
export const ACKNOWLEDGE_WITHIN_HOURS = 48;

/**
 * The two deadlines of a complaint received at `receivedAt`: 48 hours later, and the same time one
 * calendar month later in India (31 January -> 28 or 29 February, the month's last day).
 */
export function complaintDeadlines(receivedAt: Date): { acknowledgeBy: Date; resolveBy: Date } {
  const acknowledgeBy = new Date(receivedAt.getTime() + ACKNOWLEDGE_WITHIN_HOURS * 3600_000);
  const india = indiaWallClock(receivedAt);
  const year = india.getUTCFullYear();
  const month = india.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const resolveIndia = Date.UTC(
    year,
    month,
    Math.min(india.getUTCDate(), lastDay),
    india.getUTCHours(),
    india.getUTCMinutes(),
    india.getUTCSeconds(),
    india.getUTCMilliseconds(),
  );
  return { acknowledgeBy, resolveBy: fromIndiaWallClock(resolveIndia) };
}

/** Which deadline a complaint has missed as of `now` (an acknowledgement or resolution after its deadline stays late). */
export function complaintLateness(
  complaint: { acknowledgeBy: Date; resolveBy: Date; acknowledgedAt: Date | null; resolvedAt: Date | null },
  now: Date,
): { acknowledgement: boolean; resolution: boolean } {
  const late = (doneAt: Date | null, deadline: Date) => (doneAt ?? now).getTime() > deadline.getTime();
  return { acknowledgement: late(complaint.acknowledgedAt, complaint.acknowledgeBy), resolution: late(complaint.resolvedAt, complaint.resolveBy) };
}

/**
 * 'GRV-261123-0042': the India date the complaint arrived and the sequence's number (at least four
 * digits). Short enough to read over the phone; unique because the sequence never repeats.
 */
export function formatTicketNumber(sequence: number, receivedAt: Date): string {
  return `GRV-${indiaDateDigits(receivedAt)}-${String(sequence).padStart(4, '0')}`;
}
