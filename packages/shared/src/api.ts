/** Shapes of API answers shared by the SPA and the services. */
export interface ApiError {
  success: false;
  error: string;
  /** Field -> message, on validation failures. */
  fields?: Record<string, string>;
}

export interface VerifyPaymentResponse {
  success: boolean;
  orderId?: string;
  paymentId?: string;
  /** Rupees. */
  amount?: number;
  error?: string;
}

/** An order as the admin API returns it (spec section 3, "Order (admin)"). Amounts in rupees. */
export interface AdminOrder {
  _id: string;
  orderId: string;
  razorpayPaymentId?: string;
  customerInfo: { name: string; email: string; phone: string };
  deliveryAddress: { flatNumber: string; street: string; area: string; city: string; state: string; pincode: string };
  amount: number;
  items: { name: string; quantity: number }[];
  status: import('./order-status.js').OrderStatus;
  paymentStatus: import('./order-status.js').PaymentStatus;
  createdAt: string;
  updatedAt: string;
  paidAt?: string;
}

/** The panel's aggregation cards: over every order on the panel (archived ones excluded), not the filter. */
export interface AdminOrderCards {
  total: number;
  byStatus: Record<import('./order-status.js').OrderStatus, number>;
  /** created/pending/paid and older than 3 days. */
  unattended: number;
}

/** GET /api/admin/orders. `total` counts the orders matching the filter (all pages). */
export interface AdminOrdersResponse {
  success: true;
  orders: AdminOrder[];
  total: number;
  page: number;
  pageSize: number;
  cards: AdminOrderCards;
}

/** One recorded status change of an order (GET /api/admin/orders/{id}/history). */
export interface OrderHistoryEntry {
  fromStatus: string | null;
  toStatus: string;
  fromPaymentStatus: string | null;
  toPaymentStatus: string | null;
  changedBy: string;
  reason: string | null;
  changedAt: string;
}
