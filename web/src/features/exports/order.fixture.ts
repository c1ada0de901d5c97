import type { AdminOrder } from '@pickles/shared';
import { adminOrder } from '../../testing/admin-order.js';

/** One order as GET /api/admin/orders/export streams it, for the export tests. */
export const order: AdminOrder = adminOrder({
  amount: 1150,
  items: [
    { name: 'Royal Chicken Pickle', quantity: 2 },
    { name: 'Shahi Mutton Kofta Pickle', quantity: 1 },
  ],
  createdAt: '2025-05-10T06:30:00.000Z',
  updatedAt: '2025-05-10T06:30:00.000Z',
});
