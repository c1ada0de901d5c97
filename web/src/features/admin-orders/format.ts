import { formatIndiaTimestamp } from '@pickles/shared/india-time';

/** docs/product.md §9: Order ID, Payment ID and Email show at most 15 characters, then '...'. */
export const TRUNCATE_LENGTH = 15;

export function truncate(value: string | undefined | null): string {
  if (!value) return '-';
  return value.length > TRUNCATE_LENGTH ? `${value.slice(0, TRUNCATE_LENGTH)}...` : value;
}

/** Times are shown in India time. */
export function formatDateTime(iso: string | undefined): string {
  if (!iso) return '-';
  return formatIndiaTimestamp(iso);
}


export function formatItems(items: { name: string; quantity: number }[]): string {
  return items.map((item) => `${item.name} (Qty: ${item.quantity})`).join(', ');
}
