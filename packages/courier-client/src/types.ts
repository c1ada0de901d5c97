import type { CourierChoice } from '@pickles/shared/api';
import type { NdrReasonCode } from './ndr-reasons.js';
import type { ShipmentStatus } from './statuses.js';

export interface CourierConfig {
  /** Default https://apiv2.shiprocket.in; the sandbox's URL in development and tests. Paths go under /v1/external. */
  apiBaseUrl?: string;
  /** The API user's e-mail and password (Shiprocket: Settings > API > create an API user). */
  email: string;
  password: string;
  /** The token typed in Shiprocket's webhook settings; it arrives as the `x-api-key` header. */
  webhookToken: string;
  /** Per HTTP request; default 10000. */
  timeoutMs?: number;
  /** Where a shopper follows an AWB, with the AWB appended; default https://shiprocket.co/tracking/. */
  trackingPageUrl?: string;
}

export interface ServiceabilityQuery {
  pickupPincode: string;
  deliveryPincode: string;
  /** Dead weight of the packed parcel, kilograms. */
  weightKg: number;
  /** Cash on delivery; the shop is prepaid, so false unless asked. */
  cod?: boolean;
}

/** One courier serving a parcel: the same fields the owner's courier picker shows. */
export type CourierOption = CourierChoice;

export type Serviceability =
  | { serviceable: true; couriers: CourierOption[]; recommendedCourierId: number | null }
  | { serviceable: false; message: string };

export interface ShipmentItem {
  name: string;
  sku: string;
  units: number;
  unitPricePaise: number;
  hsn?: string;
}

export interface ShipmentOrder {
  /** Our order number: Shiprocket's `order_id` (its `channel_order_id`). One booking per reference. */
  orderRef: string;
  orderDate: Date;
  /** The nickname of a pickup address saved at the courier (Settings > Pickup Addresses). */
  pickupLocation: string;
  customer: {
    name: string;
    email: string;
    /** 10 digits, no +91. */
    phone: string;
    address: string;
    address2?: string;
    city: string;
    state: string;
    pincode: string;
  };
  items: ShipmentItem[];
  parcel: { lengthCm: number; breadthCm: number; heightCm: number; weightKg: number };
}

export interface BookedShipment {
  courierOrderId: number;
  shipmentId: number;
  /** The courier's order status ("NEW" when just created). */
  status: string;
  awb: string | null;
  courierName: string | null;
  /** True when the order was already at the courier (an earlier attempt went through) and nothing new was created. */
  alreadyExisted: boolean;
}

export interface AssignedAwb {
  awb: string;
  courierId: number;
  courierName: string;
  shipmentId: number;
  courierOrderId: number | null;
}

export interface ScheduledPickup {
  shipmentId: number;
  /** When the courier plans to collect; null if it did not say. */
  pickupScheduledAt: Date | null;
  pickupTokenNumber: string | null;
}

/** One scan of a shipment, the courier's words beside the shop's status. */
export interface TrackingScan {
  at: Date;
  status: ShipmentStatus;
  courierStatus: string;
  courierStatusId: number | null;
  activity: string;
  location: string;
  /** The same key a webhook for this scan carries: awb + status code + scan time. */
  eventKey: string;
}

export interface TrackingResult {
  awb: string;
  /** null until the courier has a first scan. */
  status: ShipmentStatus | null;
  courierStatus: string | null;
  courierName: string | null;
  expectedDelivery: Date | null;
  deliveredAt: Date | null;
  trackUrl: string;
  /** Oldest first. */
  scans: TrackingScan[];
}

/** A tracking webhook, parsed: what happened to which shipment and when. */
export interface TrackingEvent {
  awb: string;
  /** Our order number as given when booking (Shiprocket's order_id); null if the courier left it out. */
  ourOrderRef: string | null;
  courierOrderId: number | null;
  status: ShipmentStatus;
  courierStatus: string;
  courierStatusId: number | null;
  /** When it happened at the courier (not when the webhook arrived). */
  occurredAt: Date;
  /** Undelivered: the courier's reason, and its kind. */
  reason?: string;
  reasonCode?: NdrReasonCode;
  /** Undelivered: which attempt this was (1, 2, 3...), counted from the shipment's scans. */
  attempt?: number;
  expectedDelivery?: Date;
  courierName: string;
  trackUrl?: string;
  /** A return to the seller (RTO) is under way. */
  isReturn: boolean;
  /** Stable across duplicates and redeliveries: awb + status code + scan time. */
  eventKey: string;
  /** Every scan the courier has so far, oldest first: a lost webhook's scan is among them. */
  scans: TrackingScan[];
}

export interface NdrHistoryEntry {
  reason: string;
  attempt: number | null;
  /** "courier" for a failed attempt, "seller" for our action. */
  actionBy: string;
  comment: string;
  at: Date | null;
}

export interface NdrShipment {
  awb: string;
  shipmentId: number | null;
  courierName: string;
  /** The courier's current status label ("UNDELIVERED", "RTO INITIATED"...). */
  courierStatus: string;
  reason: string;
  reasonCode: NdrReasonCode;
  attempts: number;
  raisedAt: Date | null;
  customer: { name: string; phone: string; address: string };
  history: NdrHistoryEntry[];
}

export interface NdrPage {
  items: NdrShipment[];
  page: number;
  totalPages: number;
  total: number;
}

export interface NdrActionInput {
  awb: string;
  action: 're-attempt' | 'return';
  comments: string;
  /** Re-attempt on this India day, "YYYY-MM-DD" (today or later). */
  date?: string;
  /** A corrected phone number for the delivery agent, 10 digits. */
  phone?: string;
  /** A landmark or correction for the address, read by the delivery agent. */
  addressNote?: string;
}

export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export interface CourierClient {
  checkServiceability(query: ServiceabilityQuery): Promise<Serviceability>;
  /** Books the order; safe to call again with the same orderRef (finds the first booking instead of making a second). */
  createShipment(order: ShipmentOrder): Promise<BookedShipment>;
  /** Without courierId the courier's own rules pick one. Safe to call again: an AWB already assigned is returned. */
  assignAwb(input: { shipmentId: number; courierId?: number }): Promise<AssignedAwb>;
  /** Safe to call again: a pickup already scheduled is returned. */
  schedulePickup(input: { shipmentId: number; pickupDate?: string }): Promise<ScheduledPickup>;
  /** A PDF of the labels (one page each) of shipments with an AWB; the others are listed in notCreated. */
  labelUrl(shipmentIds: number[]): Promise<{ url: string; notCreated: number[] }>;
  /** A PDF of the pickup manifest (the courier's signature sheet) of shipments whose pickup is scheduled. */
  manifestUrl(shipmentIds: number[]): Promise<{ url: string }>;
  /** Before pickup only; cancelling twice is harmless. */
  cancel(target: { courierOrderId: number } | { awb: string }): Promise<void>;
  track(awb: string): Promise<TrackingResult>;
  /** Any number of AWBs (asked 50 at a time); an AWB the courier does not know maps to null. */
  trackMany(awbs: string[]): Promise<Map<string, TrackingResult | null>>;
  ndrList(query?: { page?: number; perPage?: number; awb?: string }): Promise<NdrPage>;
  ndrDetail(awb: string): Promise<NdrShipment>;
  /** Safe to call again after a timeout: an action the courier already recorded is not sent twice. */
  ndrAction(input: NdrActionInput): Promise<void>;
  /** The webhook's `x-api-key` against our token, in constant time. */
  isAuthenticWebhook(headers: HeadersLike): boolean;
  /** A tracking webhook body (after isAuthenticWebhook) as a typed event; invalid_request if it is not one. */
  parseTrackingWebhook(raw: string | Buffer | unknown): TrackingEvent;
  /** The public tracking page of an AWB. */
  trackUrlOf(awb: string): string;
}
