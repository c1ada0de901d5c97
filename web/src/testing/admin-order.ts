import type { AdminOrder, AdminOrderDetailResponse, AdminOrdersResponse } from '@pickles/shared';
import { ORDER_STATUSES, type OrderStatus } from '@pickles/shared/order-status';

/**
 * A paid order as GET /api/admin/orders lists it, for the admin panel's tests; `overrides` gives
 * what a test looks at (its ids, shopper, status, amounts).
 */
export function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const now = new Date().toISOString();
  return {
    _id: '5b0c1e9e-0000-4000-8000-000000000001',
    orderId: 'RP250510-ABCDEF',
    razorpayPaymentId: 'pay_ABC123',
    customerInfo: { name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210' },
    deliveryAddress: { flatNumber: '12B', street: 'MG Road', area: 'Green Park', city: 'New Delhi', state: 'Delhi', pincode: '110016' },
    amount: 600,
    items: [{ name: 'Royal Chicken Pickle', quantity: 1 }],
    status: 'paid',
    paymentStatus: 'paid',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/** GET /api/admin/orders answering these orders on one page, the cards counting them by status, for the admin panel's tests. */
export function ordersPanel(orders: AdminOrder[] = []): AdminOrdersResponse {
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, orders.filter((order) => order.status === status).length])) as Record<OrderStatus, number>;
  return { success: true, orders, total: orders.length, page: 1, pageSize: 50, cards: { total: orders.length, byStatus, unattended: 0 }, asOf: new Date().toISOString(), attention: [] };
}

/** The order the order page's tests open. */
export const DETAIL_ID = '5b0c1e9e-0000-4000-8000-0000000000aa';

/**
 * GET /api/admin/orders/{id} for the order page's tests: Asha's order, paid by UPI on 20 Nov 2026,
 * nothing dispatched or refunded, no history or e-mails; `patch` and `orderPatch` give what a test looks at.
 */
export function orderDetail(patch: Partial<AdminOrderDetailResponse> = {}, orderPatch: Partial<AdminOrderDetailResponse['order']> = {}): AdminOrderDetailResponse {
  return {
    success: true,
    order: {
      _id: DETAIL_ID,
      orderId: 'RP251120-KX7Q2M',
      razorpayPaymentId: 'pay_Q1w2E3r4T5y6U7',
      customerInfo: { name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210' },
      deliveryAddress: { flatNumber: '12B', street: 'MG Road', area: 'Green Park', city: 'New Delhi', state: 'Delhi', pincode: '110016' },
      amount: 1050,
      items: [{ name: 'Royal Chicken Pickle', quantity: 2, price: 525, total: 1050 }],
      subtotal: 1050,
      shipping: 0,
      status: 'paid',
      paymentStatus: 'paid',
      createdAt: '2026-11-20T06:30:00.000Z',
      updatedAt: '2026-11-20T06:31:00.000Z',
      paidAt: '2026-11-20T06:31:00.000Z',
      ...orderPatch,
    },
    dispatch: null,
    payments: [{ razorpayPaymentId: 'pay_Q1w2E3r4T5y6U7', status: 'captured', amount: 1050, method: 'upi', createdAt: '2026-11-20T06:31:00.000Z' }],
    refunds: [],
    refundable: 1050,
    history: [],
    emails: [],
    statusChoices: ['paid', 'cancelled', 'delivered', 'completed'],
    ...patch,
  };
}
