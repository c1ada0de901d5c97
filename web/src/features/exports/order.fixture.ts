import type { AdminOrder } from '@pickles/shared';

/** One order as GET /api/admin/orders/export streams it, for the export tests. */
export const order: AdminOrder = {
  _id: '5b0c1e9e-0000-4000-8000-000000000001',
  orderId: 'RP250510-ABCDEF',
  razorpayPaymentId: 'pay_ABC123',
  customerInfo: { name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210' },
  deliveryAddress: { flatNumber: '12B', street: 'MG Road', area: 'Green Park', city: 'New Delhi', state: 'Delhi', pincode: '110016' },
  amount: 1150,
  items: [
    { name: 'Royal Chicken Pickle', quantity: 2 },
    { name: 'Shahi Mutton Kofta Pickle', quantity: 1 },
  ],
  status: 'paid',
  paymentStatus: 'paid',
  createdAt: '2025-05-10T06:30:00.000Z',
  updatedAt: '2025-05-10T06:30:00.000Z',
};
