import { Router } from 'express';
import { createOrderHandler, type CreateOrderDeps } from './handlers/create-order.js';

export function routes(deps: CreateOrderDeps): Router {
  const router = Router();
  router.post('/api/payment/create-order', createOrderHandler(deps));
  return router;
}
