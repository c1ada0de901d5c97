import type { AdminOrder, AdminOrdersResponse } from '@pickles/shared';
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
