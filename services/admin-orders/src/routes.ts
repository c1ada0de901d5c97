import express, { Router } from 'express';
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
import { courierWebhookHandler } from './handlers/courier-webhook.js';
import { deliveryProblemActionHandler, listDeliveryProblemsHandler } from './handlers/delivery-problems.js';
import { cancelShipmentHandler, courierOptionsHandler, shipBatchHandler, shipmentLabelHandler, shipmentLabelsHandler, shipOrderHandler } from './handlers/ship-orders.js';
import type { Courier } from './clients/courier.js';
import type { Logger } from '@pickles/service-kit';
import { createRefundHandler } from './handlers/create-refund.js';
import { resendConfirmationHandler } from './handlers/resend-confirmation.js';
import { creditNotePdfHandler, invoicePdfHandler } from './handlers/tax-documents.js';
import { listStockHandler, updateStockHandler } from './handlers/stock.js';
import {
  archiveCatalogueProductHandler,
  createCatalogueProductHandler,
  listCatalogueHandler,
  productChangesHandler,
  reorderCatalogueHandler,
  updateCatalogueProductHandler,
} from './handlers/catalogue.js';
import { deleteProductPhotoHandler, reorderProductPhotosHandler, uploadProductPhotoHandler } from './handlers/product-photos.js';
import { acknowledgeComplaintHandler, listComplaintsHandler, resolveComplaintHandler } from './handlers/complaints.js';
import { cancelPaymentLinkHandler, createPhoneOrderHandler, sendPaymentLinkHandler, type PaymentLinkDeps } from './handlers/payment-links.js';
import { createDiscountCodeHandler, listDiscountCodesHandler, updateDiscountCodeHandler } from './handlers/discount-codes.js';

export interface RouteDeps {
  db: Db;
  redis: Redis;
  redisPrefix: string;
  limiter: LoginLimiter;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /** Undefined: no courier configured (Ship answers 404; dispatches are recorded by hand). */
  courier: Courier | undefined;
  logger: Logger;
  /** Razorpay and the shop's address, for the owner's payment links (decision 032); undefined: they answer 503. */
  paymentLinks?: Omit<PaymentLinkDeps, 'db'>;
}

/**
 * Bodies are read after the token is checked (`admin` first), so a caller without a valid token
 * never gets one parsed, and are small except where a route needs more: the bulk actions name up
 * to 100,000 orders (a uuid, quotes and a comma: about 40 bytes each), the batch dispatch 500 lines.
 */
const body = express.json({ limit: '16kb' });
const dispatchLines = express.json({ limit: '64kb' });
const orderIdList = express.json({ limit: '5mb' });
/** The courier's webhook is read raw: its body is parsed by the courier client, whatever its content type. */
const courierWebhookBody = express.raw({ type: () => true, limit: '256kb' });

/** Full paths, /api included: the gateway forwards them unchanged. */
export function routes({ db, redis, redisPrefix, limiter, jwtSecret, jwtTtlSeconds, courier, logger, paymentLinks }: RouteDeps): Router {
  const router = Router();
  const links = paymentLinks && { db, ...paymentLinks };
  const admin = requireAdmin(db, jwtSecret);
  router.post('/api/courier/webhook', courierWebhookBody, courierWebhookHandler(db, courier));
  router.post('/api/admin/login', body, login({ db, limiter, jwtSecret, ttlSeconds: jwtTtlSeconds }));
  router.post('/api/admin/logout', admin, logout(db));
  router.get('/api/admin/orders', admin, listOrdersHandler(db));
  router.get('/api/admin/orders/export', admin, exportOrdersHandler(db));
  router.get('/api/admin/orders/ids', admin, orderIdsHandler(db));
  router.post('/api/admin/orders/dispatch-batch', admin, dispatchLines, batchDispatchHandler(db));
  router.post('/api/admin/orders/ship-batch', admin, body, shipBatchHandler({ db, courier, logger }));
  router.post('/api/admin/orders/labels', admin, body, shipmentLabelsHandler({ db, courier, logger }));
  router.get('/api/admin/orders/:id', admin, orderDetailHandler(db, courier?.client));
  router.get('/api/admin/orders/:id/history', admin, orderHistoryHandler(db));
  router.get('/api/admin/orders/:id/invoice.pdf', admin, invoicePdfHandler(db));
  router.get('/api/admin/orders/:id/credit-notes/:number.pdf', admin, creditNotePdfHandler(db));
  router.put('/api/admin/orders/:id/dispatch', admin, body, recordDispatchHandler(db));
  router.post('/api/admin/orders/:id/ship', admin, body, shipOrderHandler({ db, courier, logger }));
  router.get('/api/admin/orders/:id/courier-options', admin, courierOptionsHandler({ db, courier, logger }));
  router.post('/api/admin/orders/:id/cancel-shipment', admin, body, cancelShipmentHandler({ db, courier, logger }));
  router.get('/api/admin/delivery-problems', admin, listDeliveryProblemsHandler(db));
  router.post('/api/admin/orders/:id/delivery-problem', admin, body, deliveryProblemActionHandler(db, courier));
  router.get('/api/admin/orders/:id/label', admin, shipmentLabelHandler({ db, courier, logger }));
  router.post('/api/admin/orders/:id/refunds', admin, body, createRefundHandler(db));
  router.post('/api/admin/phone-orders', admin, body, createPhoneOrderHandler(links));
  router.post('/api/admin/orders/:id/payment-link', admin, body, sendPaymentLinkHandler(links));
  router.post('/api/admin/orders/:id/payment-link/cancel', admin, body, cancelPaymentLinkHandler(links));
  router.post('/api/admin/orders/:id/resend-confirmation', admin, body, resendConfirmationHandler(db, redis, redisPrefix));
  router.patch('/api/admin/orders/:id/status', admin, body, updateStatusHandler(db));
  router.patch('/api/order/batch-update-status', admin, orderIdList, batchUpdateHandler(db));
  router.post('/api/order/remove-multiple', admin, orderIdList, removeOrdersHandler(db));
  router.post('/api/admin/attention/:id/resolve', admin, body, resolveAttentionHandler(db));
  router.get('/api/admin/stock', admin, listStockHandler(db));
  router.put('/api/admin/stock/:productId', admin, body, updateStockHandler(db));
  router.get('/api/admin/catalogue', admin, listCatalogueHandler(db));
  router.post('/api/admin/catalogue', admin, body, createCatalogueProductHandler(db));
  router.put('/api/admin/catalogue/order', admin, body, reorderCatalogueHandler(db));
  router.put('/api/admin/catalogue/:id', admin, body, updateCatalogueProductHandler(db));
  router.post('/api/admin/catalogue/:id/archive', admin, body, archiveCatalogueProductHandler(db));
  router.get('/api/admin/catalogue/:id/changes', admin, productChangesHandler(db));
  // The photo's bytes are read by the handler itself, up to 10 MB, after the token (decision 027).
  router.post('/api/admin/catalogue/:id/photos', admin, uploadProductPhotoHandler(db));
  router.put('/api/admin/catalogue/:id/photos/order', admin, body, reorderProductPhotosHandler(db));
  router.delete('/api/admin/catalogue/:id/photos/:photoId', admin, deleteProductPhotoHandler(db));
  router.get('/api/admin/discount-codes', admin, listDiscountCodesHandler(db));
  router.post('/api/admin/discount-codes', admin, body, createDiscountCodeHandler(db));
  router.put('/api/admin/discount-codes/:id', admin, body, updateDiscountCodeHandler(db));
  router.get('/api/admin/complaints', admin, listComplaintsHandler(db));
  router.post('/api/admin/complaints/:id/acknowledge', admin, body, acknowledgeComplaintHandler(db));
  router.post('/api/admin/complaints/:id/resolve', admin, body, resolveComplaintHandler(db));
  return router;
}
