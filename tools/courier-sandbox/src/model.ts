import { SHIPROCKET_CODE, SHIPROCKET_STATUSES } from '@pickles/courier-client';
import type { SandboxCourier, Zone } from './rates.js';
import type { Phase } from './steps.js';

/** The seller's one saved pickup address (Settings > Pickup Addresses at Shiprocket). */
export const PICKUP_LOCATION = {
  id: 1,
  pickup_location: 'Primary',
  name: 'Royal Pickles',
  email: 'dispatch@royalpickles.example',
  phone: '9000000000',
  address: 'FAKE 0 Example Lane',
  address_2: 'Chandni Chowk',
  city: 'Delhi',
  state: 'Delhi',
  country: 'India',
  pin_code: '110006',
} as const;

export interface Scan {
  at: Date;
  code: number;
  label: string;
  courierCode: string;
  activity: string;
  location: string;
}

export interface NdrHistoryEntry {
  reason: string;
  attempt: number;
  actionBy: 'courier' | 'seller';
  action: 'undelivered' | 're-attempt' | 'return';
  comment: string;
  at: Date;
}

export interface Customer {
  name: string;
  lastName: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  pincode: string;
  email: string;
  phone: string;
}

export interface OrderItem {
  name: string;
  sku: string;
  units: number;
  selling_price: number;
  hsn: string;
}

export interface NewOrder {
  channelOrderId: string;
  orderDate: string;
  customer: Customer;
  items: OrderItem[];
  paymentMethod: 'Prepaid' | 'COD';
  subTotal: number;
  parcel: { length: number; breadth: number; height: number; weight: number };
}

/** One adhoc order and its one shipment (Shiprocket makes one shipment per adhoc order). */
export interface Shipment extends NewOrder {
  id: number;
  orderId: number;
  createdAt: Date;
  phase: Phase;
  awb: string | null;
  courier: SandboxCourier | null;
  zone: Zone | null;
  awbAssignedAt: Date | null;
  pickupScheduledAt: Date | null;
  pickupTokenNumber: string | null;
  /** The courier's expected delivery, moved by failed attempts and re-attempt dates. */
  etd: Date | null;
  deliveredAt: Date | null;
  scans: Scan[];
  /** Failed delivery attempts, all of them; and those since the seller last acted (the auto-RTO count). */
  attempts: number;
  attemptsSinceAction: number;
  ndr: { reason: string; raisedAt: Date; deferredDate: string | null; history: NdrHistoryEntry[] } | null;
  isReturn: boolean;
}

export interface StoredFile {
  kind: 'label' | 'manifest';
  shipmentIds: number[];
  createdAt: Date;
}

export interface ApiRequestRecord {
  at: string;
  method: string;
  path: string;
  /** null: no answer was sent (the connection was dropped on purpose). */
  statusCode: number | null;
}

/** The shipment status code of each phase (none before an AWB). */
export const PHASE_CODE: Record<Phase, number | null> = {
  new: null,
  'awb-assigned': SHIPROCKET_CODE.awbAssigned,
  'pickup-scheduled': SHIPROCKET_CODE.pickupScheduled,
  'picked-up': SHIPROCKET_CODE.pickedUp,
  'in-transit': SHIPROCKET_CODE.inTransit,
  'out-for-delivery': SHIPROCKET_CODE.outForDelivery,
  delivered: SHIPROCKET_CODE.delivered,
  undelivered: SHIPROCKET_CODE.undelivered,
  'rto-initiated': SHIPROCKET_CODE.rtoInitiated,
  'rto-delivered': SHIPROCKET_CODE.rtoDelivered,
  cancelled: SHIPROCKET_CODE.cancelled,
};

export const labelOf = (code: number | null): string => (code === null ? 'NEW' : (SHIPROCKET_STATUSES[code]?.label ?? String(code)));
export const statusLabel = (shipment: Shipment): string => labelOf(PHASE_CODE[shipment.phase]);

