import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, openApiJson } from './document.js';

describe('docs/api/openapi.json', () => {
  it('is what the code generates (run `npm run openapi` after changing a schema or route)', () => {
    const committed = readFileSync(new URL('../../../../docs/api/openapi.json', import.meta.url), 'utf8');
    expect(committed).toBe(openApiJson());
  });

  it('describes every public route with the request fields the services validate', () => {
    const document = buildOpenApiDocument() as { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, any> } };
    expect(Object.keys(document.paths).sort()).toEqual(
      [
        '/api/admin/attention/{id}/resolve',
        '/api/complaints',
        '/api/notify-me',
        '/api/notify-me/confirm',
        '/api/notify-me/unsubscribe',
        '/api/admin/complaints',
        '/api/admin/complaints/{id}/acknowledge',
        '/api/admin/complaints/{id}/resolve',
        '/api/admin/login',
        '/api/admin/logout',
        '/api/admin/orders',
        '/api/admin/orders/export',
        '/api/admin/orders/dispatch-batch',
        '/api/admin/orders/{id}',
        '/api/admin/orders/{id}/dispatch',
        '/api/admin/orders/{id}/ship',
        '/api/admin/orders/ship-batch',
        '/api/admin/orders/{id}/courier-options',
        '/api/admin/orders/{id}/cancel-shipment',
        '/api/admin/orders/labels',
        '/api/admin/orders/{id}/label',
        '/api/courier/webhook',
        '/api/admin/delivery-problems',
        '/api/admin/orders/{id}/delivery-problem',
        '/api/admin/orders/{id}/refunds',
        '/api/admin/orders/{id}/resend-confirmation',
        '/api/admin/phone-orders',
        '/api/admin/orders/{id}/payment-link',
        '/api/admin/orders/{id}/payment-link/cancel',
        '/api/admin/orders/ids',
        '/api/admin/orders/{id}/history',
        '/api/admin/orders/{id}/status',
        '/api/health',
        '/api/order/batch-update-status',
        '/api/order/remove-multiple',
        '/api/payment/create-order',
        '/api/payment/payment-failed',
        '/api/payment/link-callback',
        '/api/payment/verify-payment',
        '/api/payment/webhook',
        '/api/track',
        '/api/track/invoice',
        '/api/pincodes/{pincode}',
        '/api/admin/orders/{id}/invoice.pdf',
        '/api/admin/orders/{id}/credit-notes/{number}.pdf',
        '/api/catalogue',
        '/api/admin/catalogue',
        '/api/admin/catalogue/{id}',
        '/api/admin/catalogue/{id}/archive',
        '/api/admin/catalogue/order',
        '/api/admin/catalogue/{id}/changes',
        '/api/admin/catalogue/{id}/photos',
        '/api/admin/catalogue/{id}/photos/{photoId}',
        '/api/admin/catalogue/{id}/photos/order',
        '/api/catalogue/photos/{file}',
        '/api/catalogue/availability',
        '/api/admin/stock',
        '/api/admin/stock/{productId}',
        '/api/discount-codes/check',
        '/api/admin/discount-codes',
        '/api/admin/discount-codes/{id}',
      ].sort(),
    );
    const createOrder = document.paths['/api/payment/create-order']!.post.requestBody.content['application/json'].schema;
    expect(Object.keys(createOrder.properties).sort()).toEqual(['amount', 'customerInfo', 'deliveryAddress', 'discountCode', 'items']);
    expect(document.paths['/api/order/batch-update-status']!.patch.requestBody.content['application/json'].schema.required).toEqual(['orderIds', 'status']);
    expect(Object.keys(document.paths['/api/track']!).sort()).toEqual(['get', 'post']);
    expect(document.paths['/api/track']!.post.requestBody.content['application/json'].schema.required).toEqual(['orderNumber', 'contact']);
    expect(document.components.schemas.AdminOrder.required).toEqual(expect.arrayContaining(['_id', 'orderId', 'status', 'paymentStatus', 'amount']));
    expect(document.paths['/api/admin/orders']!.get.security).toEqual([{ adminToken: [] }]);
    expect(document.paths['/api/complaints']!.post.requestBody.content['application/json'].schema.required).toEqual(['name', 'email', 'category', 'message']);
    expect(document.paths['/api/admin/complaints/{id}/resolve']!.post.security).toEqual([{ adminToken: [] }]);
  });
});
