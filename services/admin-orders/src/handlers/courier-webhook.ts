import type { RequestHandler } from 'express';
import { InvalidError, NotFoundError, UnauthorizedError } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { CourierWebhookResponse } from '@pickles/shared';
import { CourierError } from '@pickles/courier-client';
import type { Courier } from '../clients/courier.js';
import { applyCourierEvents, eventsOfWebhook } from '../courier/apply-events.js';

/**
 * POST /api/courier/webhook: the courier's tracking webhook (Shiprocket's shape). The x-api-key
 * must be our token; the event and every scan it carries are stored once by their key and applied
 * in the order they happened (applyCourierEvents). Answers 200 at once for anything it has taken
 * (the courier counts only a 200 as received and sends anything else again), including an AWB the
 * shop does not know (another channel's parcel: nothing to do, and no point in its retries).
 */
export function courierWebhookHandler(db: Db, courier: Courier | undefined): RequestHandler {
  return async (req, res) => {
    if (!courier) throw new NotFoundError('No courier is configured');
    if (!courier.client.isAuthenticWebhook(req.headers)) throw new UnauthorizedError('Invalid webhook token');
    let event;
    try {
      event = courier.client.parseTrackingWebhook(Buffer.isBuffer(req.body) ? req.body : '');
    } catch (error) {
      if (error instanceof CourierError) throw new InvalidError(`Not a tracking webhook: ${error.message}`);
      throw error;
    }
    const outcome = await applyCourierEvents(db, event.awb, eventsOfWebhook(event), { source: 'webhook', expectedDelivery: event.expectedDelivery ?? null });
    req.log.info({ awb: event.awb, status: event.status, eventKey: event.eventKey, ...outcome }, 'courier webhook');
    res.json({ success: true } satisfies CourierWebhookResponse);
  };
}

