import { CourierError } from '@pickles/courier-client';
import type { Db } from '@pickles/db';
import { HttpError, type Logger } from '@pickles/service-kit';
import { mayOwner, type CourierChoice, type OrderShipment, type ShipBatchResponse } from '@pickles/shared';
import type { Courier } from '../clients/courier.js';
import { bookShipment } from '../courier/book-shipment.js';
import { bookedLabels, markCancelled, orderForBooking, orderNumberOf, orderShipment, requestShipment, shipmentForCancel, shipmentOf } from '../db/shipments.js';
import { parcelOf } from './parcel.js';

/** Shipping through the configured courier (decision 025). */
export interface ShippingDeps {
  db: Db;
  courier: Courier;
  logger: Logger;
}

const COURIER_SILENT = 'The courier did not answer: nothing was changed, try again in a minute';

/** A courier call that did not get through: 503 for the owner (nothing changed); anything else as it is. */
function courierUnreachable(error: unknown): never {
  if (error instanceof CourierError && error.retryable) throw new HttpError(503, COURIER_SILENT);
  throw error;
}

export type CourierOptions =
  | { kind: 'not-found' }
  | { kind: 'unserviceable'; pincode: string; weightKg: number; message: string }
  | { kind: 'serviceable'; pincode: string; weightKg: number; couriers: CourierChoice[]; recommendedCourierId: number | null };

/**
 * The couriers that serve the order's pincode for its parcel's weight, with rate and days, cheapest
 * first. Read outside any transaction (the courier is called); the courier silent is a 503.
 */
export async function courierOptions({ db, courier }: Pick<ShippingDeps, 'db' | 'courier'>, orderId: string): Promise<CourierOptions> {
  const order = await orderForBooking(db, orderId);
  if (!order) return { kind: 'not-found' };
  const { weightKg } = parcelOf(order.items.reduce((sum, item) => sum + item.quantity, 0));
  const answer = await courier.client.checkServiceability({ pickupPincode: courier.pickupPincode, deliveryPincode: order.pincode, weightKg }).catch(courierUnreachable);
  if (!answer.serviceable) return { kind: 'unserviceable', pincode: order.pincode, weightKg, message: answer.message };
  const couriers = [...answer.couriers].sort((a, b) => a.ratePaise - b.ratePaise || a.courierName.localeCompare(b.courierName));
  return { kind: 'serviceable', pincode: order.pincode, weightKg, couriers, recommendedCourierId: answer.recommendedCourierId };
}

export type ShipmentCancel =
  | { kind: 'not-found' }
  /** The lifecycle's refusal (mayOwner 'cancel-shipment'), or the courier's, in their words. */
  | { kind: 'refused'; reason: string }
  | { kind: 'cancelled'; orderNumber: string; awb: string; shipment: OrderShipment };

/**
 * The owner cancels a booking before pickup. The lifecycle decides (mayOwner 'cancel-shipment'); the
 * courier is asked with no transaction held (it refuses once the parcel is picked up); then, in one
 * transaction, the shipment is cancelled and the dispatch record removed, so the order is paid and
 * to ship again. The courier silent is a 503, nothing changed.
 */
export async function cancelShipment({ db, courier }: Pick<ShippingDeps, 'db' | 'courier'>, orderId: string, cancelledBy: string): Promise<ShipmentCancel> {
  const found = await shipmentForCancel(db, orderId);
  if (!found) return { kind: 'not-found' };
  const may = mayOwner(found.facts, 'cancel-shipment');
  if (!may.allowed) return { kind: 'refused', reason: may.reason };
  if (found.courierOrderId === null || !found.awb) return { kind: 'refused', reason: 'This booking has no courier order to cancel' };
  try {
    await courier.client.cancel({ courierOrderId: found.courierOrderId });
  } catch (error) {
    if (error instanceof CourierError && !error.retryable) return { kind: 'refused', reason: `The courier refused to cancel: ${error.message}` };
    courierUnreachable(error);
  }
  const awb = found.awb;
  const cancelled = await db.transaction().execute((trx) => markCancelled(trx, orderId, awb, cancelledBy));
  if (!cancelled) return { kind: 'refused', reason: 'The booking changed while it was being cancelled: reload the order' };
  return { kind: 'cancelled', orderNumber: found.orderNumber, awb, shipment: (await orderShipment(db, orderId, courier.client.trackUrlOf))! };
}

/** One PDF with the labels of the given orders booked with the courier; `missing` names the others (order numbers). */
export async function shipmentLabels({ db, courier }: Pick<ShippingDeps, 'db' | 'courier'>, orderIds: readonly string[]): Promise<{ kind: 'none-booked' } | { kind: 'labels'; url: string; missing: string[] }> {
  const rows = await bookedLabels(db, [...new Set(orderIds)]);
  const printable = rows.filter((row) => row.state === 'booked' && row.awb && row.shipment_id);
  const missing = rows.filter((row) => !printable.includes(row)).map((row) => row.order_number);
  if (printable.length === 0) return { kind: 'none-booked' };
  const { url, notCreated } = await courier.client.labelUrl(printable.map((row) => Number(row.shipment_id))).catch(courierUnreachable);
  const unprinted = new Set(notCreated.map(String));
  missing.push(...printable.filter((row) => unprinted.has(String(row.shipment_id))).map((row) => row.order_number));
  return { kind: 'labels', url, missing };
}

/**
 * Books the order with the courier: the Ship request is committed first (requestShipment: 404
 * unknown order, 409 the lifecycle's refusal), the courier is called after, outside any transaction.
 */
export async function shipOrder({ db, courier, logger }: ShippingDeps, orderId: string, courierId: number | undefined, requestedBy: string): Promise<{ orderNumber: string; shipment: OrderShipment }> {
  const { orderNumber } = await db.transaction().execute((trx) => requestShipment(trx, orderId, { courierId, requestedBy }));
  const shipment = (await bookShipment({ db, courier, logger }, orderId))!;
  return { orderNumber, shipment };
}

/** Each order booked on its own, with the courier's choice; an order refused (by us or the courier) is listed with why. */
export async function shipOrders(deps: ShippingDeps, orderIds: readonly string[], requestedBy: string): Promise<Omit<ShipBatchResponse, 'success'>> {
  const body: Omit<ShipBatchResponse, 'success'> = { shipped: [], refused: [] };
  for (const orderId of new Set(orderIds)) {
    try {
      const { orderNumber, shipment } = await shipOrder(deps, orderId, undefined, requestedBy);
      if (shipment.state === 'failed') body.refused.push({ orderId, orderNumber, reason: shipment.error ?? 'The courier refused the booking' });
      else body.shipped.push({ orderId, orderNumber, shipment });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      body.refused.push({ orderId, orderNumber: (await orderNumberOf(deps.db, orderId)) ?? null, reason: error.message });
    }
  }
  return body;
}

/** The courier's label PDF of a booked order; the courier silent is a 503. */
export async function shipmentLabel({ db, courier }: Pick<ShippingDeps, 'db' | 'courier'>, orderId: string): Promise<{ kind: 'no-awb' } | { kind: 'label'; url: string }> {
  const shipment = await shipmentOf(db, orderId);
  if (!shipment?.shipment_id || !shipment.awb) return { kind: 'no-awb' };
  try {
    const { url } = await courier.client.labelUrl([Number(shipment.shipment_id)]);
    return { kind: 'label', url };
  } catch (error) {
    if (error instanceof CourierError && error.retryable) throw new HttpError(503, 'The courier did not answer: try the label again in a minute');
    throw error;
  }
}
