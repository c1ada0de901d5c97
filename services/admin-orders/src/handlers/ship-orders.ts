import type { RequestHandler } from 'express';
import { HttpError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { CancelShipmentResponse, CourierOptionsResponse, ShipBatchResponse, ShipOrderResponse, ShipmentLabelResponse, ShipmentLabelsResponse } from '@pickles/shared';
import { shipBatchSchema, shipOrderSchema } from '@pickles/shared/admin-order-requests';
import type { Logger } from '@pickles/service-kit';
import type { Courier } from '../clients/courier.js';
import { cancelShipment, courierOptions, shipmentLabel, shipmentLabels, shipOrder, shipOrders } from '../domain/shipping.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid } from './parse.js';

export interface ShipDeps {
  db: Db;
  courier: Courier | undefined;
  logger: Logger;
}

const NO_COURIER = 'No courier is configured: record the dispatch by hand';

/** The courier, or a 404 saying none is configured: every Ship route needs one. */
function configured(courier: Courier | undefined): Courier {
  if (!courier) throw new NotFoundError(NO_COURIER);
  return courier;
}

/** The order of an `{id}` route with the courier: the missing courier is named before a bad id. */
function orderWithCourier(id: unknown, courier: Courier | undefined): { id: string; courier: Courier } {
  const ready = configured(courier);
  if (!isUuid(id)) throw new NotFoundError('Order not found');
  return { id, courier: ready };
}

/** GET /api/admin/orders/{id}/courier-options: the courier picker of the order page (courierOptions). */
export function courierOptionsHandler(deps: ShipDeps): RequestHandler {
  return async (req, res) => {
    const { id, courier } = orderWithCourier(req.params.id, deps.courier);
    const options = await courierOptions({ db: deps.db, courier }, id);
    if (options.kind === 'not-found') throw new NotFoundError('Order not found');
    res.setHeader('Cache-Control', 'no-store');
    if (options.kind === 'unserviceable') {
      res.json({ success: true, serviceable: false, pincode: options.pincode, weightKg: options.weightKg, message: options.message } satisfies CourierOptionsResponse);
      return;
    }
    const { pincode, weightKg, couriers, recommendedCourierId } = options;
    res.json({ success: true, serviceable: true, pincode, weightKg, couriers, recommendedCourierId } satisfies CourierOptionsResponse);
  };
}

/** POST /api/admin/orders/{id}/cancel-shipment: the owner cancels a booking before pickup (cancelShipment); 409 with why not. */
export function cancelShipmentHandler(deps: ShipDeps): RequestHandler {
  return async (req, res) => {
    const { id, courier } = orderWithCourier(req.params.id, deps.courier);
    const cancel = await cancelShipment({ db: deps.db, courier }, id, adminOf(req).sub);
    if (cancel.kind === 'not-found') throw new NotFoundError('Order not found');
    if (cancel.kind === 'refused') throw new HttpError(409, cancel.reason);
    req.log.info({ orderId: id, orderNumber: cancel.orderNumber, awb: cancel.awb }, 'shipment cancelled');
    res.json({ success: true, shipment: cancel.shipment } satisfies CancelShipmentResponse);
  };
}

/** POST /api/admin/orders/labels {orderIds}: one PDF with the labels of those booked; the rest named. */
export function shipmentLabelsHandler(deps: ShipDeps): RequestHandler {
  return async (req, res) => {
    const courier = configured(deps.courier);
    const { orderIds } = parseOrThrow(shipBatchSchema, req.body);
    const labels = await shipmentLabels({ db: deps.db, courier }, orderIds);
    if (labels.kind === 'none-booked') throw new NotFoundError('None of these orders is booked with the courier: no label to print');
    res.json({ success: true, url: labels.url, missing: labels.missing } satisfies ShipmentLabelsResponse);
  };
}

/**
 * POST /api/admin/orders/{id}/ship {courierId?}: books the order with the courier. 200 booked (or
 * booked before: sending it again books nothing more), 202 pending (the courier did not answer: the
 * worker tries again and the order page shows it), 422 refused by the courier (its reason).
 */
export function shipOrderHandler(deps: ShipDeps): RequestHandler {
  return async (req, res) => {
    const { id, courier } = orderWithCourier(req.params.id, deps.courier);
    const { courierId } = parseOrThrow(shipOrderSchema, req.body ?? {});
    const { orderNumber, shipment } = await shipOrder({ ...deps, courier }, id, courierId, adminOf(req).sub);
    req.log.info({ orderId: id, orderNumber, state: shipment.state, awb: shipment.awb }, 'ship requested');
    if (shipment.state === 'failed') throw new HttpError(422, shipment.error ?? 'The courier refused the booking');
    res.status(shipment.state === 'booked' ? 200 : 202).json({ success: true, shipment } satisfies ShipOrderResponse);
  };
}

/** POST /api/admin/orders/ship-batch {orderIds}: each order booked on its own, with the courier's choice. */
export function shipBatchHandler(deps: ShipDeps): RequestHandler {
  return async (req, res) => {
    const courier = configured(deps.courier);
    const { orderIds } = parseOrThrow(shipBatchSchema, req.body);
    const { shipped, refused } = await shipOrders({ ...deps, courier }, orderIds, adminOf(req).sub);
    req.log.info({ shipped: shipped.length, refused: refused.length }, 'batch ship');
    res.json({ success: true, shipped, refused } satisfies ShipBatchResponse);
  };
}

/** GET /api/admin/orders/{id}/label: the courier's label PDF of a booked order. */
export function shipmentLabelHandler(deps: ShipDeps): RequestHandler {
  return async (req, res) => {
    const { id, courier } = orderWithCourier(req.params.id, deps.courier);
    const label = await shipmentLabel({ db: deps.db, courier }, id);
    if (label.kind === 'no-awb') throw new NotFoundError('This order has no AWB from the courier yet');
    res.json({ success: true, url: label.url } satisfies ShipmentLabelResponse);
  };
}
