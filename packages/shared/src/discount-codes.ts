/**
 * Discount codes (decision 028): what a code is, whether it may be used on an order now, and what it
 * takes off, to the paisa. The one home of these rules: the check endpoint, create-order, the admin
 * page and the invoice all ask here. Integer paise throughout (decision 003).
 */
import { z } from 'zod';
import { allocate } from './gst.js';
import { formatIndiaDateTimeLong, fromIndiaWallClock, indiaWallClock } from './india-time.js';
import { formatPaise } from './money.js';

export const DISCOUNT_KINDS = ['percent', 'fixed', 'free-shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A code as typed: letters, digits, - and _, 3 to 30 of them; stored and compared upper case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,29}$/;

/** The code as stored and compared: trimmed, upper case (codes are case-insensitive). */
export function normaliseDiscountCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** Razorpay's smallest order: a discount never takes an order below ₹1. */
export const MIN_PAYABLE_PAISE = 100;

/** A code's terms, as the owner set them. */
export interface DiscountTerms {
  code: string;
  kind: DiscountKind;
  /** 1-100, for a percentage code. */
  percent: number | null;
  /** For a fixed-amount code. */
  amountPaise: number | null;
  /** The goods' value (before shipping) an order must reach; 0 for none. */
  minOrderPaise: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Uses in all; null for no limit. */
  maxUses: number | null;
  /** Uses by one shopper (the same e-mail or the same phone); null for no limit. */
  maxUsesPerShopper: number | null;
  active: boolean;
}

/** The uses that count against a code's limits now (decision 028: reserved, or kept because paid). */
export interface DiscountUsage {
  uses: number;
  usesByShopper: number;
}

export type DiscountRefusalReason = 'unknown' | 'paused' | 'not-started' | 'expired' | 'minimum' | 'used-up' | 'used-by-you';

export interface DiscountRefusal {
  reason: DiscountRefusalReason;
  message: string;
}

export const DISCOUNT_USED_UP = 'This code has been used up';

/**
 * Why `terms` cannot be used on an order of goods worth `subtotalPaise` at `now`, or undefined when
 * it can. `usage` is left out where the shopper is not known yet (the shopper's own limit is then
 * not checked). The messages are what the shopper reads.
 */
export function discountRefusal(
  typed: string,
  terms: DiscountTerms | undefined,
  order: { subtotalPaise: number },
  usage: Partial<DiscountUsage>,
  now: Date,
): DiscountRefusal | undefined {
  const code = normaliseDiscountCode(typed);
  if (!terms) return { reason: 'unknown', message: `We do not know the code ${code}. Please check how it is spelt.` };
  if (!terms.active) return { reason: 'paused', message: `The code ${terms.code} is paused at the moment.` };
  if (terms.startsAt && now < terms.startsAt) return { reason: 'not-started', message: `The code ${terms.code} starts on ${formatIndiaDateTimeLong(terms.startsAt)}.` };
  if (terms.endsAt && now >= terms.endsAt) return { reason: 'expired', message: `The code ${terms.code} expired on ${formatIndiaDateTimeLong(terms.endsAt)}.` };
  if (order.subtotalPaise < terms.minOrderPaise) {
    return { reason: 'minimum', message: `The code ${terms.code} needs an order of at least ${formatPaise(terms.minOrderPaise)} before shipping.` };
  }
  if (terms.maxUses !== null && usage.uses !== undefined && usage.uses >= terms.maxUses) return { reason: 'used-up', message: DISCOUNT_USED_UP };
  if (terms.maxUsesPerShopper !== null && usage.usesByShopper !== undefined && usage.usesByShopper >= terms.maxUsesPerShopper) {
    return { reason: 'used-by-you', message: `You have already used the code ${terms.code}.` };
  }
  return undefined;
}

/** What a code takes off an order, shared over its lines. */
export interface AppliedDiscount {
  code: string;
  /** All the code takes off. */
  discountPaise: number;
  /** Per goods line, in the order's line order: prorated by value, the paise reconciled (they sum exactly). */
  lineDiscountsPaise: number[];
  /** Off shipping (a free-shipping code). */
  shippingDiscountPaise: number;
  /** What the shopper pays: goods + shipping - discount. */
  totalPaise: number;
  /** "LAUNCH10: 10% off — you save ₹160.50". */
  summary: string;
}

/**
 * What `terms` takes off an order of goods lines `linesPaise` and `shippingPaise`:
 * - percent: that percent of the goods (not shipping), rounded half up to the paisa;
 * - fixed: the amount, at most the goods' value (shipping is still paid);
 * - free shipping: the shipping.
 * A goods discount is shared over the lines in proportion to their value (largest remainder, as
 * refunds are), so each line's transaction value for GST is exact and the lines sum to the total.
 * Never below MIN_PAYABLE_PAISE in all.
 */
export function applyDiscount(terms: Pick<DiscountTerms, 'code' | 'kind' | 'percent' | 'amountPaise'>, order: { linesPaise: readonly number[]; shippingPaise: number }): AppliedDiscount {
  const goodsPaise = order.linesPaise.reduce((sum, line) => sum + line, 0);
  const fullPaise = goodsPaise + order.shippingPaise;
  let goodsOff = 0;
  let shippingOff = 0;
  let says: string;
  if (terms.kind === 'percent') {
    const percent = terms.percent ?? 0;
    // Half up, in integers: goods * percent / 100.
    goodsOff = Math.floor((goodsPaise * percent * 2 + 100) / 200);
    says = `${percent}% off`;
  } else if (terms.kind === 'fixed') {
    goodsOff = Math.min(terms.amountPaise ?? 0, goodsPaise);
    says = `${formatPaise(terms.amountPaise ?? 0)} off`;
  } else {
    shippingOff = order.shippingPaise;
    says = 'free shipping';
  }
  // Razorpay takes no order below ₹1: the goods' discount gives way first, then shipping's.
  const over = Math.max(0, goodsOff + shippingOff - (fullPaise - MIN_PAYABLE_PAISE));
  if (over > 0) {
    const fromGoods = Math.min(over, goodsOff);
    goodsOff -= fromGoods;
    shippingOff = Math.max(0, shippingOff - (over - fromGoods));
  }
  const lineDiscountsPaise = goodsOff > 0 && goodsPaise > 0 ? allocate(goodsOff, order.linesPaise) : order.linesPaise.map(() => 0);
  const discountPaise = goodsOff + shippingOff;
  return {
    code: terms.code,
    discountPaise,
    lineDiscountsPaise,
    shippingDiscountPaise: shippingOff,
    totalPaise: fullPaise - discountPaise,
    summary: `${terms.code}: ${says} — you save ${formatPaise(discountPaise)}`,
  };
}

/** How the owner's page and the shopper's check describe a code's offer: "10% off", "₹100 off", "Free shipping". */
export function describeDiscount(terms: Pick<DiscountTerms, 'kind' | 'percent' | 'amountPaise'>): string {
  if (terms.kind === 'percent') return `${terms.percent}% off`;
  if (terms.kind === 'fixed') return `${formatPaise(terms.amountPaise ?? 0)} off`;
  return 'Free shipping';
}

/** India wall-clock time as a datetime-local field holds it ("2026-12-01T10:00") <-> the instant. */
export function instantFromIndiaInput(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return undefined;
  return fromIndiaWallClock(wall);
}

export function indiaInputFromInstant(instant: Date): string {
  return indiaWallClock(instant).toISOString().slice(0, 16);
}

const wholeNumber = (message: string, min: number, max: number) => z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
const indiaTime = (message: string) =>
  z
    .string()
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value === '') return null;
      const instant = instantFromIndiaInput(value);
      if (!instant) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return instant;
    });

/**
 * The owner's form for a code (POST /api/admin/discount-codes; PUT without `code`). Money in rupees
 * as the owner types it; times as India wall clock ("2026-12-01T10:00"), empty for none.
 */
export const discountCodeFormSchema = z
  .object({
    code: z
      .string({ error: 'Please enter the code' })
      .trim()
      .toUpperCase()
      .regex(DISCOUNT_CODE_PATTERN, { error: 'A code is 3 to 30 letters, digits, - or _, starting with a letter or digit' }),
    kind: z.enum(DISCOUNT_KINDS, { error: 'Choose percentage, fixed amount or free shipping' }),
    percent: wholeNumber('A percentage is a whole number from 1 to 100', 1, 100).nullable(),
    amount: z.number({ error: 'Enter the amount in rupees' }).positive({ error: 'The amount must be more than ₹0' }).max(1_000_000, { error: 'The amount is too large' }).nullable(),
    minOrder: z.number({ error: 'Enter the minimum in rupees' }).min(0, { error: 'The minimum cannot be negative' }).max(10_000_000, { error: 'The minimum is too large' }),
    startsAt: indiaTime('The start is not a date and time'),
    endsAt: indiaTime('The end is not a date and time'),
    maxUses: wholeNumber('The limit in total is a whole number from 1', 1, 10_000_000).nullable(),
    maxUsesPerShopper: wholeNumber('The limit per shopper is a whole number from 1', 1, 10_000).nullable(),
    active: z.boolean({ error: 'Say whether the code is active' }),
  })
  .superRefine((form, ctx) => {
    if (form.kind === 'percent' && form.percent === null) ctx.addIssue({ code: 'custom', path: ['percent'], message: 'A percentage code needs its percentage' });
    if (form.kind === 'fixed' && form.amount === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A fixed-amount code needs its amount' });
    if (form.startsAt && form.endsAt && form.endsAt <= form.startsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
  });
export type DiscountCodeForm = z.input<typeof discountCodeFormSchema>;
