import type { DeliveryEstimate, DeliveryZone } from '@pickles/shared/api';
import { distanceKm } from './great-circle.js';
import { lookupPincode } from './directory.js';

export type { DeliveryEstimate, DeliveryZone };
export type DayRange = [min: number, max: number];

/**
 * The shop's policy (docs/product.md §9, "Policy figures"): orders are prepared and packed in 7-10
 * days, then delivered in 7-10 days. Every figure below stays inside the policy: the policy is what
 * the shop promises, the zones only say when a parcel will do better than its worst case.
 */
export const PROCESSING_DAYS: DayRange = [7, 10];

/**
 * Courier days by great-circle distance from the seller's pincode (SELLER_PINCODE), the one place
 * these figures live. Surface couriers deliver within a city in 2-4 days and within a region (a few
 * hundred km, a day's trucking) in 4-7; anything farther is the policy's 7-10. Checked in order; a
 * pincode with no distance (seller's pincode not in the directory) is national.
 */
export const DELIVERY_ZONES: ReadonlyArray<{ zone: DeliveryZone; withinKm: number; days: DayRange }> = [
  { zone: 'local', withinKm: 50, days: [2, 4] },
  { zone: 'regional', withinKm: 500, days: [4, 7] },
  { zone: 'national', withinKm: Infinity, days: [7, 10] },
];

const NATIONAL = DELIVERY_ZONES[DELIVERY_ZONES.length - 1]!;

/** How long an order to `pin` takes when sent from `fromPin`; undefined for a pincode not in the directory. */
export function deliveryEstimate(pin: string, fromPin: string): DeliveryEstimate | undefined {
  const to = lookupPincode(pin);
  if (!to) return undefined;
  const from = lookupPincode(fromPin);
  const km = from ? distanceKm(from, to) : Infinity;
  const { zone, days } = DELIVERY_ZONES.find((candidate) => km <= candidate.withinKm) ?? NATIONAL;
  return {
    processingDays: [...PROCESSING_DAYS],
    deliveryDays: [...days],
    totalDays: [PROCESSING_DAYS[0] + days[0], PROCESSING_DAYS[1] + days[1]],
    zone,
  };
}
