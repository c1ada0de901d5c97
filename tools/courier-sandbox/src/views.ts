import { formatCourierTime } from '@pickles/courier-client';
import { lookupPincode } from '@pickles/pincodes';
import { PHASE_CODE, PICKUP_LOCATION, statusLabel, type Scan, type Shipment } from './model.js';

/** The sandbox account's one sales channel ("Custom"), as Shiprocket numbers them. */
const CHANNEL_ID = 3_422_553;

const scanTime = (at: Date | null) => (at ? formatCourierTime(at, 'scan') : null);

/** A scan as webhooks (oldest first) and the track API (newest first) list it. */
export function scanView(scan: Scan) {
  return {
    date: formatCourierTime(scan.at, 'scan'),
    status: scan.courierCode,
    activity: scan.activity,
    location: scan.location,
    'sr-status': String(scan.code),
    'sr-status-label': scan.label,
  };
}

/** The tracking webhook of the shipment's latest scan (Shiprocket's payload, the fields its documentation shows). */
export function webhookPayload(shipment: Shipment) {
  const latest = shipment.scans.at(-1)!;
  return {
    awb: shipment.awb,
    courier_name: shipment.courier?.name ?? '',
    current_status: latest.label,
    current_status_id: latest.code,
    shipment_status: latest.label,
    shipment_status_id: latest.code,
    current_timestamp: formatCourierTime(latest.at, 'webhook'),
    order_id: shipment.channelOrderId,
    sr_order_id: shipment.orderId,
    awb_assigned_date: scanTime(shipment.awbAssignedAt),
    pickup_scheduled_date: scanTime(shipment.pickupScheduledAt),
    etd: scanTime(shipment.etd),
    scans: shipment.scans.map(scanView),
    is_return: shipment.isReturn ? 1 : 0,
    channel_id: CHANNEL_ID,
    pod_status: shipment.phase === 'delivered' ? 'OTP Based Delivery' : '',
    pod: 'Not Available',
  };
}

/** An order as GET /orders and /orders/show/{id} list it, with its shipment. */
export function orderView(shipment: Shipment) {
  const { customer, parcel } = shipment;
  return {
    id: shipment.orderId,
    channel_order_id: shipment.channelOrderId,
    channel_id: CHANNEL_ID,
    customer_name: `${customer.name} ${customer.lastName}`.trim(),
    customer_email: customer.email,
    customer_phone: customer.phone,
    customer_address: customer.address,
    customer_address_2: customer.address2,
    customer_city: customer.city,
    customer_state: customer.state,
    customer_pincode: customer.pincode,
    payment_method: shipment.paymentMethod.toLowerCase(),
    total: shipment.subTotal,
    status: statusLabel(shipment),
    status_code: PHASE_CODE[shipment.phase] ?? 1,
    created_at: formatCourierTime(shipment.createdAt, 'scan'),
    order_date: shipment.orderDate,
    pickup_location: PICKUP_LOCATION.pickup_location,
    products: shipment.items.map((item) => ({ name: item.name, channel_sku: item.sku, quantity: item.units, price: item.selling_price, hsn: item.hsn })),
    shipments: [
      {
        id: shipment.id,
        awb: shipment.awb ?? '',
        courier: shipment.courier?.name ?? '',
        weight: parcel.weight,
        dimensions: `${parcel.length}x${parcel.breadth}x${parcel.height}`,
        pickup_scheduled_date: scanTime(shipment.pickupScheduledAt),
        pickup_token_number: shipment.pickupTokenNumber,
        status: statusLabel(shipment),
      },
    ],
  };
}

/** GET /shipments/{id} */
export function shipmentView(shipment: Shipment) {
  return {
    id: shipment.id,
    order_id: shipment.orderId,
    channel_order_id: shipment.channelOrderId,
    awb: shipment.awb ?? '',
    courier_company_id: shipment.courier?.id ?? null,
    courier: shipment.courier?.name ?? '',
    status: statusLabel(shipment),
    status_code: PHASE_CODE[shipment.phase],
    awb_assigned_date: scanTime(shipment.awbAssignedAt),
    pickup_scheduled_date: scanTime(shipment.pickupScheduledAt),
    pickup_token_number: shipment.pickupTokenNumber,
    etd: scanTime(shipment.etd),
    created_at: formatCourierTime(shipment.createdAt, 'scan'),
  };
}

/**
 * GET /courier/track/awb/{awb}'s tracking_data: before the first scan, only track_status 0 and the
 * courier's "no activities" message; after it, the shipment, its scans newest first and the tracking page.
 */
export function trackingData(shipment: Shipment, publicUrl: string) {
  if (shipment.scans.length === 0) {
    return { track_status: 0, error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.' };
  }
  const destination = lookupPincode(shipment.customer.pincode);
  return {
    track_status: 1,
    shipment_status: PHASE_CODE[shipment.phase],
    shipment_track: [
      {
        id: shipment.id,
        awb_code: shipment.awb,
        courier_company_id: shipment.courier?.id ?? null,
        courier_name: shipment.courier?.name ?? '',
        shipment_id: shipment.id,
        order_id: shipment.orderId,
        pickup_date: scanTime(shipment.scans.find((scan) => scan.label === 'PICKED UP')?.at ?? null),
        delivered_date: scanTime(shipment.deliveredAt),
        weight: String(shipment.parcel.weight),
        packages: 1,
        current_status: statusLabel(shipment),
        delivered_to: destination?.city ?? shipment.customer.city,
        destination: destination?.city ?? shipment.customer.city,
        consignee_name: shipment.customer.name,
        origin: PICKUP_LOCATION.city,
        courier_agent_details: null,
        edd: scanTime(shipment.etd),
      },
    ],
    shipment_track_activities: [...shipment.scans].reverse().map(scanView),
    track_url: `${publicUrl}/tracking/${encodeURIComponent(shipment.awb!)}`,
    etd: scanTime(shipment.etd),
    qc_response: { qc_image: '', qc_failed_reason: '' },
  };
}

/** A shipment as GET /ndr/all and /ndr/{awb} list it. */
export function ndrView(shipment: Shipment) {
  const ndr = shipment.ndr!;
  const { customer } = shipment;
  return {
    id: shipment.id,
    shipment_id: shipment.id,
    order_id: shipment.orderId,
    channel_order_id: shipment.channelOrderId,
    awb_code: shipment.awb,
    courier: shipment.courier?.name ?? '',
    status: statusLabel(shipment),
    status_code: PHASE_CODE[shipment.phase],
    reason: ndr.reason,
    attempts: shipment.attempts,
    ndr_raised_at: formatCourierTime(ndr.raisedAt, 'scan'),
    deferred_date: ndr.deferredDate,
    customer_name: `${customer.name} ${customer.lastName}`.trim(),
    customer_phone: customer.phone,
    customer_email: customer.email,
    customer_address: customer.address,
    customer_address_2: customer.address2,
    customer_city: customer.city,
    customer_state: customer.state,
    customer_pincode: customer.pincode,
    history: ndr.history.map((entry) => ({
      ndr_reason: entry.reason,
      ndr_attempt: entry.attempt,
      action_by: entry.actionBy,
      action: entry.action,
      comment: entry.comment,
      ndr_raised_at: formatCourierTime(entry.at, 'scan'),
    })),
  };
}
