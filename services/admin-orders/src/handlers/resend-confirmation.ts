import type { RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { ConflictError, NotFoundError, rateLimitRefusals, TooManyRequestsError } from '@pickles/service-kit';
import type { Db } from '@pickles/db';
import type { ResendConfirmationResponse } from '@pickles/shared';
import { resendConfirmation } from '../domain/resend-confirmation.js';
import { isUuid } from './parse.js';

/** POST /api/admin/orders/{id}/resend-confirmation: the shopper gets the order confirmation again, once a minute at most. */
export function resendConfirmationHandler(db: Db, redis: Redis, redisPrefix: string): RequestHandler {
  return async (req, res) => {
    const id = req.params.id;
    if (!isUuid(id)) throw new NotFoundError('Order not found');
    const outcome = await resendConfirmation({ db, redis, redisPrefix }, id);
    if (outcome.kind === 'too-soon') {
      rateLimitRefusals.inc({ rule: 'resend-confirmation' });
      throw new TooManyRequestsError(`The confirmation was resent less than a minute ago. Please wait ${outcome.seconds} seconds before sending it again.`, outcome.seconds);
    }
    if (outcome.kind === 'not-found') throw new NotFoundError('Order not found');
    if (outcome.kind === 'refused') throw new ConflictError(outcome.reason);
    req.log.info({ orderId: id, orderNumber: outcome.orderNumber }, 'confirmation resent');
    res.json({ success: true } satisfies ResendConfirmationResponse);
  };
}
