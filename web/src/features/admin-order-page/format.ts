import type { OrderRefund } from '@pickles/shared';
import { formatIndiaDateTime } from '@pickles/shared/india-time';

/** Times are shown in India time, as in the panel; '-' for one that has not happened. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso ? formatIndiaDateTime(iso) : '-';
}


const EMAIL_KINDS: Record<string, string> = {
  'order-confirmation': 'Order confirmation',
  'confirmation-resent': 'Order confirmation (resent)',
  'owner-alert': 'New order alert (to the shop)',
  'owner-courier-waiting': 'Booking waiting for the courier (to the shop)',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  'refund-started': 'Refund started',
  'refund-completed': 'Refund completed',
  'out-for-delivery': 'Out for delivery',
  'delivery-failed': 'Delivery failed',
  'payment-link': 'Payment link',
};

export function emailKindLabel(kind: string): string {
  return EMAIL_KINDS[kind] ?? kind.replace(/-/g, ' ');
}

/** A refund Razorpay has not finished with: the page polls the order while one exists. */
export function isRefundInFlight(refund: OrderRefund): boolean {
  return refund.state === 'requested' || refund.state === 'pending';
}

export const REFUND_STATE_LABELS: Record<OrderRefund['state'], string> = {
  requested: 'Requested',
  pending: 'Pending',
  processed: 'Processed',
  failed: 'Failed',
  refused: 'Refused',
};
