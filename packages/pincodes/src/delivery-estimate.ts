import type { DeliveryEstimate } from '@pickles/shared/api';
import { DELIVERY_ZONES, PROCESSING_DAYS, type DeliveryZone } from '@pickles/shared/delivery-promise';
import { distanceKm } from './great-circle.js';
import { lookupPincode } from './directory.js';

export type { DeliveryEstimate, DeliveryZone };

const NATIONAL = DELIVERY_ZONES[DELIVERY_ZONES.length - 1]!;

/**
 * The courier's zone of `pin` seen from `fromPin`, by great-circle distance (the zones and their days
 * are the delivery promise's, packages/shared/src/delivery-promise.ts); undefined for a pincode not in
 * the directory. A seller pincode the directory does not know makes every pincode national.
 */
export function deliveryZone(pin: string, fromPin: string): DeliveryZone | undefined {
  const to = lookupPincode(pin);
  if (!to) return undefined;
  const from = lookupPincode(fromPin);
  const km = from ? distanceKm(from, to) : Infinity;
  return (DELIVERY_ZONES.find((candidate) => km <= candidate.withinKm) ?? NATIONAL).zone;
}

/** How long an order to `pin` takes when sent from `fromPin`; undefined for a pincode not in the directory. */
export function deliveryEstimate(pin: string, fromPin: string): DeliveryEstimate | undefined {
  const zone = deliveryZone(pin, fromPin);
  if (!zone) return undefined;
  const days = (DELIVERY_ZONES.find((candidate) => candidate.zone === zone) ?? NATIONAL).days;
  return {
    processingDays: [...PROCESSING_DAYS],
    deliveryDays: [...days],
    totalDays: [PROCESSING_DAYS[0] + days[0], PROCESSING_DAYS[1] + days[1]],
    zone,
  };
}
