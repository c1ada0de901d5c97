import { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Db } from '@pickles/db';
import type { LoginLimiter } from './auth/login-limiter.js';
import { requireAdmin } from './auth/require-admin.js';
import { login } from './handlers/login.js';
import { logout } from './handlers/logout.js';
import { listOrdersHandler } from './handlers/list-orders.js';
import { exportOrdersHandler } from './handlers/export-orders.js';
import { orderHistoryHandler } from './handlers/order-history.js';
import { updateStatusHandler } from './handlers/update-status.js';
import { batchUpdateHandler } from './handlers/batch-update.js';
import { removeOrdersHandler } from './handlers/remove-orders.js';
import { orderIdsHandler } from './handlers/order-ids.js';
import { resolveAttentionHandler } from './handlers/resolve-attention.js';
import { orderDetailHandler } from './handlers/order-detail.js';
import { recordDispatchHandler } from './handlers/record-dispatch.js';
import { batchDispatchHandler } from './handlers/batch-dispatch.js';
import { createRefundHandler } from './handlers/create-refund.js';
import { resendConfirmationHandler } from './handlers/resend-confirmation.js';
import { creditNotePdfHandler, invoicePdfHandler } from './handlers/tax-documents.js';
import { listStockHandler, updateStockHandler } from './handlers/stock.js';
import { acknowledgeComplaintHandler, listComplaintsHandler, resolveComplaintHandler } from './handlers/complaints.js';

export interface RouteDeps {
  db: Db;
  redis: Redis;
  redisPrefix: string;
  limiter: LoginLimiter;
  jwtSecret: string;
  jwtTtlSeconds: number;
}

/** Full paths, /api included: the gateway forwards them unchanged. */
export function routes({ db, redis, redisPrefix, limiter, jwtSecret, jwtTtlSeconds }: RouteDeps): Router {
  const router = Router();
  const admin = requireAdmin(db, jwtSecret);
  router.post('/api/admin/login', login({ db, limiter, jwtSecret, ttlSeconds: jwtTtlSeconds }));
  router.post('/api/admin/logout', admin, logout(db));
  router.get('/api/admin/orders', admin, listOrdersHandler(db));
  router.get('/api/admin/orders/export', admin, exportOrdersHandler(db));
  router.get('/api/admin/orders/ids', admin, orderIdsHandler(db));
  router.post('/api/admin/orders/dispatch-batch', admin, batchDispatchHandler(db));
  router.get('/api/admin/orders/:id', admin, orderDetailHandler(db));
  router.get('/api/admin/orders/:id/history', admin, orderHistoryHandler(db));
  router.get('/api/admin/orders/:id/invoice.pdf', admin, invoicePdfHandler(db));
  router.get('/api/admin/orders/:id/credit-notes/:number.pdf', admin, creditNotePdfHandler(db));
  router.put('/api/admin/orders/:id/dispatch', admin, recordDispatchHandler(db));
  router.post('/api/admin/orders/:id/refunds', admin, createRefundHandler(db));
  router.post('/api/admin/orders/:id/resend-confirmation', admin, resendConfirmationHandler(db, redis, redisPrefix));
  router.patch('/api/admin/orders/:id/status', admin, updateStatusHandler(db));
  router.patch('/api/order/batch-update-status', admin, batchUpdateHandler(db));
  router.post('/api/order/remove-multiple', admin, removeOrdersHandler(db));
  router.post('/api/admin/attention/:id/resolve', admin, resolveAttentionHandler(db));
  router.get('/api/admin/stock', admin, listStockHandler(db));
  router.put('/api/admin/stock/:productId', admin, updateStockHandler(db));
  router.get('/api/admin/complaints', admin, listComplaintsHandler(db));
  router.post('/api/admin/complaints/:id/acknowledge', admin, acknowledgeComplaintHandler(db));
  router.post('/api/admin/complaints/:id/resolve', admin, resolveComplaintHandler(db));
  return router;
}
