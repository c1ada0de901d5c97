import { CourierError } from '@pickles/courier-client';
import { waitingBookings, type Db } from '@pickles/db';
import { HttpError } from '@pickles/service-kit';
import type { DeliveryProblemsResponse } from '@pickles/shared';
import type { deliveryProblemActionSchema } from '@pickles/shared/admin-order-requests';
import type { z } from 'zod';
import type { Courier } from '../clients/courier.js';
import { listDeliveryProblems, problemShipment, recordProblemAction } from '../db/delivery-problems.js';

/**
 * Failed deliveries waiting for the owner, parcels coming back, and bookings the courier has not
 * taken for half an hour (retried meanwhile; she may ship by hand).
 */
export async function deliveryProblems(db: Db): Promise<Omit<DeliveryProblemsResponse, 'success'>> {
  const [problems, waiting] = await Promise.all([listDeliveryProblems(db), waitingBookings(db)]);
  return {
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
  };
}

export type DeliveryProblemAnswer = { kind: 'not-shipped' } | { kind: 'not-waiting' } | { kind: 'sent'; awb: string };

/**
 * The owner's answer to the latest failed delivery, sent to the courier (no transaction held
 * meanwhile; the client never sends an action twice) and then recorded, which takes the shipment
 * off the queue until the next failed attempt. The courier silent is a 503, its refusal a 422.
 */
export async function answerDeliveryProblem(db: Db, courier: Courier, orderId: string, input: z.output<typeof deliveryProblemActionSchema>, by: string): Promise<DeliveryProblemAnswer> {
  const shipment = await problemShipment(db, orderId);
  if (!shipment) return { kind: 'not-shipped' };
  if (shipment.deliveryStatus !== 'undelivered' || shipment.action !== null) return { kind: 'not-waiting' };
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
  await recordProblemAction(db, orderId, input.action, by);
  return { kind: 'sent', awb: shipment.awb };
}
