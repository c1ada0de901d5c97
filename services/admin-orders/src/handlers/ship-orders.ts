import type { RequestHandler } from 'express';
import { HttpError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import { mayOwner, type CancelShipmentResponse, type CourierOptionsResponse, type ShipBatchResponse, type ShipOrderResponse, type ShipmentLabelResponse, type ShipmentLabelsResponse } from '@pickles/shared';
import { shipBatchSchema, shipOrderSchema } from '@pickles/shared/admin-order-requests';
import { CourierError } from '@pickles/courier-client';
import type { Logger } from '@pickles/service-kit';
import type { Courier } from '../clients/courier.js';
import { markCancelled, orderForBooking, orderShipment, requestShipment, shipmentForCancel, shipmentOf } from '../db/shipments.js';
import { parcelOf } from '../domain/parcel.js';
import { bookShipment } from '../courier/book-shipment.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid } from './parse.js';

export interface ShipDeps {
  db: Db;
  courier: Courier | undefined;
  logger: Logger;
}

const NO_COURIER = 'No courier is configured: record the dispatch by hand';
const COURIER_SILENT = 'The courier did not answer: nothing was changed, try again in a minute';

/** A courier call that did not get through: 503 for the owner (nothing changed); anything else as it is. */
function courierUnreachable(error: unknown): never {
  if (error instanceof CourierError && error.retryable) throw new HttpError(503, COURIER_SILENT);
  throw error;
}

/**
 * GET /api/admin/orders/{id}/courier-options: the couriers that serve the order's pincode for its
 * parcel's weight, with rate and days, cheapest first; the courier picker of the order page. Read
 * outside any transaction (the courier is called).
 */
export function courierOptionsHandler({ db, courier }: ShipDeps): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!courier) throw new NotFoundError(NO_COURIER);
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const order = await orderForBooking(db, id);
    if (!order) throw new NotFoundError('Order not found');
    const { weightKg } = parcelOf(order.items.reduce((sum, item) => sum + item.quantity, 0));
    const answer = await courier.client.checkServiceability({ pickupPincode: courier.pickupPincode, deliveryPincode: order.pincode, weightKg }).catch(courierUnreachable);
    res.setHeader('Cache-Control', 'no-store');
    if (!answer.serviceable) {
      res.json({ success: true, serviceable: false, pincode: order.pincode, weightKg, message: answer.message } satisfies CourierOptionsResponse);
      return;
    }
    const couriers = [...answer.couriers].sort((a, b) => a.ratePaise - b.ratePaise || a.courierName.localeCompare(b.courierName));
    res.json({ success: true, serviceable: true, pincode: order.pincode, weightKg, couriers, recommendedCourierId: answer.recommendedCourierId } satisfies CourierOptionsResponse);
  };
}

/**
 * POST /api/admin/orders/{id}/cancel-shipment: the owner cancels a booking before pickup. The
 * lifecycle decides (mayOwner 'cancel-shipment'); the courier is asked with no transaction held
 * (it refuses once the parcel is picked up: 409 with its words); then, in one transaction, the
 * shipment is cancelled and the dispatch record removed, so the order is paid and to ship again.
 */
export function cancelShipmentHandler({ db, courier }: ShipDeps): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!courier) throw new NotFoundError(NO_COURIER);
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const found = await shipmentForCancel(db, id);
    if (!found) throw new NotFoundError('Order not found');
    const may = mayOwner(found.facts, 'cancel-shipment');
    if (!may.allowed) throw new HttpError(409, may.reason);
    if (found.courierOrderId === null || !found.awb) throw new HttpError(409, 'This booking has no courier order to cancel');
    try {
      await courier.client.cancel({ courierOrderId: found.courierOrderId });
    } catch (error) {
      if (error instanceof CourierError && !error.retryable) throw new HttpError(409, `The courier refused to cancel: ${error.message}`);
      courierUnreachable(error);
    }
    const cancelled = await db.transaction().execute((trx) => markCancelled(trx, id, found.awb!, adminOf(req).sub));
    if (!cancelled) throw new HttpError(409, 'The booking changed while it was being cancelled: reload the order');
    req.log.info({ orderId: id, orderNumber: found.orderNumber, awb: found.awb }, 'shipment cancelled');
    res.json({ success: true, shipment: (await orderShipment(db, id, courier.client.trackUrlOf))! } satisfies CancelShipmentResponse);
  };
}

/** POST /api/admin/orders/labels {orderIds}: one PDF with the labels of those booked; the rest named. */
export function shipmentLabelsHandler({ db, courier }: ShipDeps): RequestHandler {
  return async (req, res) => {
    if (!courier) throw new NotFoundError(NO_COURIER);
    const { orderIds } = parseOrThrow(shipBatchSchema, req.body);
    const rows = await db
      .selectFrom('orders')
      .leftJoin('shipments', 'shipments.order_id', 'orders.id')
      .select(['orders.id', 'orders.order_number', 'shipments.shipment_id', 'shipments.awb', 'shipments.state'])
      .where('orders.id', 'in', [...new Set(orderIds)])
      .orderBy('orders.order_number')
      .execute();
    const printable = rows.filter((row) => row.state === 'booked' && row.awb && row.shipment_id);
    const missing = rows.filter((row) => !printable.includes(row)).map((row) => row.order_number);
    if (printable.length === 0) throw new NotFoundError('None of these orders is booked with the courier: no label to print');
    const { url, notCreated } = await courier.client.labelUrl(printable.map((row) => Number(row.shipment_id))).catch(courierUnreachable);
    const unprinted = new Set(notCreated.map(String));
    missing.push(...printable.filter((row) => unprinted.has(String(row.shipment_id))).map((row) => row.order_number));
    res.json({ success: true, url, missing } satisfies ShipmentLabelsResponse);
  };
}

/** The Ship request is committed first; the courier is called after, outside any transaction. */
async function shipOne({ db, courier, logger }: ShipDeps & { courier: Courier }, orderId: string, courierId: number | undefined, requestedBy: string) {
  const { orderNumber } = await db.transaction().execute((trx) => requestShipment(trx, orderId, { courierId, requestedBy }));
  const shipment = (await bookShipment({ db, courier, logger }, orderId))!;
  return { orderNumber, shipment };
}

/**
 * POST /api/admin/orders/{id}/ship {courierId?}: books the order with the courier. 200 booked (or
 * booked before: sending it again books nothing more), 202 pending (the courier did not answer: the
 * worker tries again and the order page shows it), 422 refused by the courier (its reason).
 */
export function shipOrderHandler(deps: ShipDeps): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!deps.courier) throw new NotFoundError(NO_COURIER);
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const { courierId } = parseOrThrow(shipOrderSchema, req.body ?? {});
    const { orderNumber, shipment } = await shipOne({ ...deps, courier: deps.courier }, id, courierId, adminOf(req).sub);
    req.log.info({ orderId: id, orderNumber, state: shipment.state, awb: shipment.awb }, 'ship requested');
    if (shipment.state === 'failed') throw new HttpError(422, shipment.error ?? 'The courier refused the booking');
    res.status(shipment.state === 'booked' ? 200 : 202).json({ success: true, shipment } satisfies ShipOrderResponse);
  };
}

/** POST /api/admin/orders/ship-batch {orderIds}: each order booked on its own, with the courier's choice. */
export function shipBatchHandler(deps: ShipDeps): RequestHandler {
  return async (req, res) => {
    if (!deps.courier) throw new NotFoundError(NO_COURIER);
    const { orderIds } = parseOrThrow(shipBatchSchema, req.body);
    const requestedBy = adminOf(req).sub;
    const body: ShipBatchResponse = { success: true, shipped: [], refused: [] };
    for (const orderId of new Set(orderIds)) {
      try {
        const { orderNumber, shipment } = await shipOne({ ...deps, courier: deps.courier }, orderId, undefined, requestedBy);
        if (shipment.state === 'failed') body.refused.push({ orderId, orderNumber, reason: shipment.error ?? 'The courier refused the booking' });
        else body.shipped.push({ orderId, orderNumber, shipment });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        const row = await deps.db.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirst();
        body.refused.push({ orderId, orderNumber: row?.order_number ?? null, reason: error.message });
      }
    }
    req.log.info({ shipped: body.shipped.length, refused: body.refused.length }, 'batch ship');
    res.json(body);
  };
}

/** GET /api/admin/orders/{id}/label: the courier's label PDF of a booked order. */
export function shipmentLabelHandler({ db, courier }: ShipDeps): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!courier) throw new NotFoundError(NO_COURIER);
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const shipment = await shipmentOf(db, id);
    if (!shipment?.shipment_id || !shipment.awb) throw new NotFoundError('This order has no AWB from the courier yet');
    try {
      const { url } = await courier.client.labelUrl([Number(shipment.shipment_id)]);
      res.json({ success: true, url } satisfies ShipmentLabelResponse);
    } catch (error) {
      if (error instanceof CourierError && error.retryable) throw new HttpError(503, 'The courier did not answer: try the label again in a minute');
      throw error;
    }
  };
}
