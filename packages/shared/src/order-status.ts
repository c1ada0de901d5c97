/** Order statuses (docs/product.md §4) and the rules for moving between them. */
export const ORDER_STATUSES = ['created', 'pending', 'paid', 'failed', 'cancelled', 'delivered', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Statuses the owner may choose in the panel, singly or in batch. */
export const ADMIN_SETTABLE_STATUSES = ['paid', 'cancelled', 'delivered', 'completed'] as const;
export type AdminSettableStatus = (typeof ADMIN_SETTABLE_STATUSES)[number];

/** Statuses that count as unattended once older than UNATTENDED_AFTER_MS. */
export const UNATTENDED_STATUSES = ['created', 'pending', 'paid'] as const;
export const UNATTENDED_AFTER_MS = 259_200_000; // 3 days

/** Display colours of the panel's cards and badges (docs/product.md §4). */
export const STATUS_COLOURS: Record<OrderStatus, string> = {
  created: '#e0a100', // orange-yellow
  pending: '#f57c00', // orange
  paid: '#00897b', // teal
  failed: '#e53935', // red
  cancelled: '#8b0000', // dark red
  delivered: '#1e63c6', // blue
  completed: '#2e7d32', // green
};

/**
 * Badge backgrounds: the display colours, except where white text on them falls under 4.5:1 (teal
 * 4.3:1, red 4.2:1): there a darker shade of the same hue (6.6:1, 5.6:1). Cards keep the display
 * colours as their top borders, where no text sits on them. Created and pending take dark text.
 */
export const STATUS_BADGE_COLOURS: Record<OrderStatus, string> = {
  ...STATUS_COLOURS,
  paid: '#00695c',
  failed: '#c62828',
};

export function isAdminSettableStatus(value: unknown): value is AdminSettableStatus {
  return (ADMIN_SETTABLE_STATUSES as readonly unknown[]).includes(value);
}

export function isUnattended(order: { status: OrderStatus; createdAt: string | Date }, now = Date.now()): boolean {
  const created = new Date(order.createdAt).getTime();
  return (UNATTENDED_STATUSES as readonly string[]).includes(order.status) && now - created > UNATTENDED_AFTER_MS;
}
