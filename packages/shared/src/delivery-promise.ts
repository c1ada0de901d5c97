import { addIndiaDays, formatIndiaDayShort, indiaDayOf, type IndiaDay } from './india-time.js';

/**
 * The delivery promise: the one place that says when a parcel arrives, and in which words. The
 * checkout, its confirmation, the success page, the confirmation e-mail, the tracking page and the
 * dispatch e-mail all show what `promiseDelivery` or `promiseFromDispatch` answers, through
 * `describePromise`. Browser-safe (the SPA computes the checkout's promise itself); which zone a
 * pincode is in is packages/pincodes' business (distance from the seller), decided once per order at
 * create-order and stored with it.
 */

/** How far a pincode is from the seller's, in the courier's terms. */
export type DeliveryZone = 'local' | 'regional' | 'national';
export const DELIVERY_ZONE_NAMES = ['local', 'regional', 'national'] as const satisfies readonly DeliveryZone[];
export type DayRange = [min: number, max: number];

/**
 * The shop's policy (docs/product.md §9, "Policy figures"): orders are prepared and packed in 7-10
 * days, then delivered in 7-10 days. The zones only say when a parcel does better than the policy's
 * worst case; no figure is ever beyond it.
 */
export const PROCESSING_DAYS: DayRange = [7, 10];

/**
 * Courier days by great-circle distance from the seller's pincode: surface couriers deliver within a
 * city in 2-4 days and within a region (a few hundred km, a day's trucking) in 4-7; anything farther
 * is the policy's 7-10. Checked in order.
 */
export const DELIVERY_ZONES: ReadonlyArray<{ zone: DeliveryZone; withinKm: number; days: DayRange }> = [
  { zone: 'local', withinKm: 50, days: [2, 4] },
  { zone: 'regional', withinKm: 500, days: [4, 7] },
  { zone: 'national', withinKm: Infinity, days: [7, 10] },
];

/** An order placed before zones were stored: the policy's worst case, never a promise the shop cannot keep. */
export const UNKNOWN_ZONE: DeliveryZone = 'national';

export function courierDays(zone: DeliveryZone): DayRange {
  const found = DELIVERY_ZONES.find((candidate) => candidate.zone === zone) ?? DELIVERY_ZONES[DELIVERY_ZONES.length - 1]!;
  return [...found.days];
}

/** When a parcel arrives: India calendar days, both inclusive, and the days behind them. */
export interface DeliveryPromise {
  zone: DeliveryZone;
  /** The day counting starts from: the order's (or, from dispatch, the dispatch's) India day. */
  from: IndiaDay;
  earliest: IndiaDay;
  latest: IndiaDay;
  /** The shop's preparation days; null once the parcel has been dispatched. */
  processingDays: DayRange | null;
  courierDays: DayRange;
}

/** The promise of an order placed at `orderedAt` to a pincode in `zone`: preparation, then the courier. */
export function promiseDelivery(zone: DeliveryZone, orderedAt: Date): DeliveryPromise {
  const from = indiaDayOf(orderedAt);
  const courier = courierDays(zone);
  return {
    zone,
    from,
    earliest: addIndiaDays(from, PROCESSING_DAYS[0] + courier[0]),
    latest: addIndiaDays(from, PROCESSING_DAYS[1] + courier[1]),
    processingDays: [...PROCESSING_DAYS],
    courierDays: courier,
  };
}

/** The courier's part, once the parcel has left the kitchen at `dispatchedAt`. */
export function promiseFromDispatch(zone: DeliveryZone, dispatchedAt: Date): DeliveryPromise {
  const from = indiaDayOf(dispatchedAt);
  const courier = courierDays(zone);
  return { zone, from, earliest: addIndiaDays(from, courier[0]), latest: addIndiaDays(from, courier[1]), processingDays: null, courierDays: courier };
}

/**
 * The courier's own expected day, once it gives one (a tracking event or the track API): it
 * replaces the range counted from the dispatch, early or late, as the one promise everyone shows.
 */
export function promiseFromCourier(zone: DeliveryZone, dispatchedAt: Date, expectedAt: Date): DeliveryPromise {
  const day = indiaDayOf(expectedAt);
  return { zone, from: indiaDayOf(dispatchedAt), earliest: day, latest: day, processingDays: null, courierDays: courierDays(zone) };
}

const days = ([min, max]: DayRange) => `${min}-${max} days`;

export interface PromiseWords {
  /** 'between 9 Dec and 14 Dec 2026' (the year once, unless the range crosses into the next one). */
  dates: string;
  /** 'Expected delivery: between 9 Dec and 14 Dec 2026' */
  sentence: string;
  /** 'Prepared and packed in 7-10 days, then 2-4 days by courier.' or 'With the courier: 2-4 days from dispatch.' */
  detail: string;
}

/** The words every place shows a promise in. */
export function describePromise(promise: DeliveryPromise): PromiseWords {
  if (promise.earliest === promise.latest && !promise.processingDays) {
    const dates = `on ${formatIndiaDayShort(promise.earliest, true)}`;
    return { dates, sentence: `Expected delivery: ${dates}`, detail: "The courier's expected day." };
  }
  const sameYear = promise.earliest.slice(0, 4) === promise.latest.slice(0, 4);
  const dates = `between ${formatIndiaDayShort(promise.earliest, !sameYear)} and ${formatIndiaDayShort(promise.latest, true)}`;
  const detail = promise.processingDays
    ? `Prepared and packed in ${days(promise.processingDays)}, then ${days(promise.courierDays)} by courier.`
    : `With the courier: ${days(promise.courierDays)} from dispatch.`;
  return { dates, sentence: `Expected delivery: ${dates}`, detail };
}

export function isDeliveryZone(value: unknown): value is DeliveryZone {
  return typeof value === 'string' && (DELIVERY_ZONE_NAMES as readonly string[]).includes(value);
}

const isDay = (value: unknown): value is IndiaDay => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isDays = (value: unknown): value is DayRange => Array.isArray(value) && value.length === 2 && value.every((n) => Number.isInteger(n) && n >= 0);

/** A promise read back from somewhere untrusted (the browser's history state), field by field. */
export function readDeliveryPromise(value: unknown): DeliveryPromise | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (!isDeliveryZone(v.zone) || !isDay(v.from) || !isDay(v.earliest) || !isDay(v.latest) || !isDays(v.courierDays)) return undefined;
  if (v.processingDays !== null && !isDays(v.processingDays)) return undefined;
  return { zone: v.zone, from: v.from, earliest: v.earliest, latest: v.latest, processingDays: v.processingDays === null ? null : [...v.processingDays], courierDays: [...v.courierDays] };
}
