import type { RequestHandler } from 'express';
import { ConflictError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { DeliveryProblemActionResponse, DeliveryProblemsResponse } from '@pickles/shared';
import { deliveryProblemActionSchema } from '@pickles/shared/admin-order-requests';
import type { Courier } from '../clients/courier.js';
import { answerDeliveryProblem, deliveryProblems } from '../domain/delivery-problems.js';
import { adminOf } from '../auth/require-admin.js';
import { isUuid } from './parse.js';

/** GET /api/admin/delivery-problems: the queue of failed deliveries, returns and bookings the courier has not taken. */
export function listDeliveryProblemsHandler(db: Db): RequestHandler {
  return async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, ...(await deliveryProblems(db)) } satisfies DeliveryProblemsResponse);
  };
}

/** POST /api/admin/orders/{id}/delivery-problem {action, phone?, addressNote?, date?}: the owner's answer to a failed delivery (answerDeliveryProblem). */
export function deliveryProblemActionHandler(db: Db, courier: Courier | undefined): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!courier) throw new NotFoundError('No courier is configured');
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const input = parseOrThrow(deliveryProblemActionSchema, req.body);
    const answer = await answerDeliveryProblem(db, courier, id, input, adminOf(req).sub);
    if (answer.kind === 'not-shipped') throw new NotFoundError('This order was not shipped through the courier');
    if (answer.kind === 'not-waiting') throw new ConflictError('This shipment is not waiting for an answer to a failed delivery');
    req.log.info({ orderId: id, awb: answer.awb, action: input.action }, 'delivery problem answered');
    res.json({ success: true, action: input.action } satisfies DeliveryProblemActionResponse);
  };
}
