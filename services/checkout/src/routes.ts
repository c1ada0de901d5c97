import { Router, type Request } from 'express';
import { byClient, rateLimit } from '@pickles/service-kit';
import { createOrderHandler, type CheckoutLimits, type CreateOrderDeps } from './handlers/create-order.js';

/** The customer's e-mail of a create-order body, when there is one to count. */
const byEmail = (req: Request) => {
  const email = (req.body as { customerInfo?: { email?: unknown } } | undefined)?.customerInfo?.email;
  return typeof email === 'string' && email.length <= 200 ? email.trim().toLowerCase() : undefined;
};

export function routes(deps: CreateOrderDeps, limits: CheckoutLimits): Router {
  const router = Router();
  const limited = rateLimit(
    limits.redis,
    limits.prefix,
    [
      { name: 'create-order:client', points: limits.perClientPerMinute, perSeconds: 60, key: byClient, message: 'Too many orders from this connection. Please wait a minute and try again.' },
      { name: 'create-order:email', points: limits.perEmailPerHour, perSeconds: 3600, key: byEmail, message: 'Too many orders for this e-mail address. Please try again later.' },
    ],
    deps.logger,
  );
  router.post('/api/payment/create-order', limited, createOrderHandler(deps));
  return router;
}
