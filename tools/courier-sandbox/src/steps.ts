import { SHIPROCKET_CODE } from '@pickles/courier-client';
import type { ShipmentDeliveryStatus } from '@pickles/shared/api';

/**
 * Where a shipment is in the sandbox's courier: one phase at a time, moved only by the tables below.
 * Booked but not yet handed to a pickup, then the shop's own delivery statuses (never 'other').
 */
export type Phase = 'new' | 'awb-assigned' | Exclude<ShipmentDeliveryStatus, 'other'>;

/** Why a delivery attempt failed: the dashboard's choices and the courier's words for them. */
export const FAIL_REASONS = {
  'customer-not-available': 'Customer Not Available',
  'phone-switched-off': 'Customer Phone Switched Off',
  'address-incomplete': 'Incomplete Address',
  refused: 'Customer Refused To Accept',
} as const;
export type FailReason = keyof typeof FAIL_REASONS;
export const FAIL_REASON_IDS = Object.keys(FAIL_REASONS) as [FailReason, ...FailReason[]];

/** Where the scan happens: the pickup city, between the two, or the delivery city. */
export type ScanPlace = 'origin' | 'transit' | 'destination';

export interface StepRule {
  /** The dashboard's button. */
  title: string;
  from: readonly Phase[];
  to: Phase;
  code: number;
  /** The courier's own status code on the scan. */
  courierCode: string;
  activity: string;
  place: ScanPlace;
}

/**
 * What the courier does to a parcel once it has it (the dashboard's buttons and POST
 * /sandbox/shipments/:awb/:step). Anything else is refused: nothing is delivered before it is picked up.
 */
export const STEPS = {
  'pick-up': { title: 'Pick up', from: ['pickup-scheduled'], to: 'picked-up', code: SHIPROCKET_CODE.pickedUp, courierCode: 'X-PPOM', activity: 'Shipment picked up', place: 'origin' },
  'in-transit': {
    title: 'In transit',
    from: ['picked-up', 'in-transit'],
    to: 'in-transit',
    code: SHIPROCKET_CODE.inTransit,
    courierCode: 'X-DLL2F',
    activity: 'Bagged and dispatched to the destination hub',
    place: 'transit',
  },
  'out-for-delivery': {
    title: 'Out for delivery',
    from: ['in-transit', 'undelivered'],
    to: 'out-for-delivery',
    code: SHIPROCKET_CODE.outForDelivery,
    courierCode: 'X-DDD3FD',
    activity: 'Out for delivery',
    place: 'destination',
  },
  deliver: { title: 'Deliver', from: ['out-for-delivery'], to: 'delivered', code: SHIPROCKET_CODE.delivered, courierCode: 'DLVD', activity: 'Delivered to consignee', place: 'destination' },
  fail: { title: 'Fail attempt', from: ['out-for-delivery'], to: 'undelivered', code: SHIPROCKET_CODE.undelivered, courierCode: 'EOD-74', activity: '', place: 'destination' },
  rto: {
    title: 'Return (RTO)',
    from: ['picked-up', 'in-transit', 'out-for-delivery', 'undelivered'],
    to: 'rto-initiated',
    code: SHIPROCKET_CODE.rtoInitiated,
    courierCode: 'RT-101',
    activity: 'Return to origin initiated',
    place: 'destination',
  },
  'rto-deliver': {
    title: 'RTO delivered',
    from: ['rto-initiated'],
    to: 'rto-delivered',
    code: SHIPROCKET_CODE.rtoDelivered,
    courierCode: 'RT-DLVD',
    activity: 'Returned to the seller',
    place: 'origin',
  },
} as const satisfies Record<string, StepRule>;
export type Step = keyof typeof STEPS;
export const STEP_IDS = Object.keys(STEPS) as [Step, ...Step[]];

export const isStep = (value: string): value is Step => Object.hasOwn(STEPS, value);

/** The steps the courier may take from `phase` (what the dashboard offers). */
export const stepsFrom = (phase: Phase): Step[] => STEP_IDS.filter((step) => (STEPS[step].from as readonly Phase[]).includes(phase));

/** A parcel the courier has (picked up, not yet delivered or back with the seller). */
export const IN_COURIER_HANDS: readonly Phase[] = ['picked-up', 'in-transit', 'out-for-delivery', 'undelivered', 'rto-initiated'];
/** Before pickup: the seller may still cancel. */
export const CANCELLABLE: readonly Phase[] = ['new', 'awb-assigned', 'pickup-scheduled'];
