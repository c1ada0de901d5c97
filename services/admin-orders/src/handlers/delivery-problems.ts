import type { RequestHandler } from 'express';
import { ConflictError, HttpError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { waitingBookings, type Db } from '@pickles/db';
import { CourierError } from '@pickles/courier-client';
import type { DeliveryProblemActionResponse, DeliveryProblemsResponse } from '@pickles/shared';
import { deliveryProblemActionSchema } from '@pickles/shared/admin-order-requests';
import type { Courier } from '../clients/courier.js';
import { listDeliveryProblems, problemShipment, recordProblemAction } from '../db/delivery-problems.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid } from './parse.js';

/**
 * GET /api/admin/delivery-problems: failed deliveries waiting for the owner, parcels coming back,
 * and bookings the courier has not taken for half an hour (retried meanwhile; she may ship by hand).
 */
export function listDeliveryProblemsHandler(db: Db): RequestHandler {
  return async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const [problems, waiting] = await Promise.all([listDeliveryProblems(db), waitingBookings(db)]);
    res.json({
      success: true,
      problems,
      waitingBookings: waiting.map(({ orderId, orderNumber, customerName, city, requestedAt, attempts, lastError }) => ({
        orderId,
        orderNumber,
        customerName,
        city,
        requestedAt: requestedAt.toISOString(),
        attempts,
        lastError,
      })),
    } satisfies DeliveryProblemsResponse);
  };
}

/**
 * POST /api/admin/orders/{id}/delivery-problem {action, phone?, addressNote?, date?}: the owner's
 * answer to the latest failed delivery, sent to the courier (no transaction held meanwhile; the
 * client never sends an action twice) and then recorded, which takes the shipment off the queue
 * until the next failed attempt.
 */
export function deliveryProblemActionHandler(db: Db, courier: Courier | undefined): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!courier) throw new NotFoundError('No courier is configured');
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const input = parseOrThrow(deliveryProblemActionSchema, req.body);
    const shipment = await problemShipment(db, id);
    if (!shipment) throw new NotFoundError('This order was not shipped through the courier');
    if (shipment.deliveryStatus !== 'undelivered' || shipment.action !== null) throw new ConflictError('This shipment is not waiting for an answer to a failed delivery');
    const by = adminOf(req).sub;
    const comments = input.action === 'return' ? `Return to the seller (${by})` : ['Please attempt delivery again', input.addressNote].filter(Boolean).join(': ');
    try {
      await courier.client.ndrAction({
        awb: shipment.awb,
        action: input.action,
        comments,
        ...(input.date ? { date: input.date } : {}),
        ...(input.phone ? { phone: input.phone } : {}),
        ...(input.addressNote ? { addressNote: input.addressNote } : {}),
      });
    } catch (error) {
      if (error instanceof CourierError && error.retryable) throw new HttpError(503, 'The courier did not answer: try again in a minute (nothing was sent twice)');
      if (error instanceof CourierError) throw new HttpError(422, `The courier refused: ${error.message}`, error.field ? { [error.field]: error.message } : undefined);
      throw error;
    }
    await recordProblemAction(db, id, input.action, by);
    req.log.info({ orderId: id, awb: shipment.awb, action: input.action }, 'delivery problem answered');
    res.json({ success: true, action: input.action } satisfies DeliveryProblemActionResponse);
  };
}
