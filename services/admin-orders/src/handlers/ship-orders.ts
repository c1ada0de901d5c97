import type { RequestHandler } from 'express';
import { HttpError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { ShipBatchResponse, ShipOrderResponse, ShipmentLabelResponse } from '@pickles/shared';
import { shipBatchSchema, shipOrderSchema } from '@pickles/shared/admin-order-requests';
import { CourierError } from '@pickles/courier-client';
import type { Logger } from '@pickles/service-kit';
import type { Courier } from '../clients/courier.js';
import { requestShipment, shipmentOf } from '../db/shipments.js';
import { bookShipment } from '../courier/book-shipment.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid } from './parse.js';

export interface ShipDeps {
  db: Db;
  courier: Courier | undefined;
  logger: Logger;
}

const NO_COURIER = 'No courier is configured: record the dispatch by hand';

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
