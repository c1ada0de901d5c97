/** docs/product.md §9: Order ID, Payment ID and Email show at most 15 characters, then '...'. */
export const TRUNCATE_LENGTH = 15;

export function truncate(value: string | undefined | null): string {
  if (!value) return '-';
  return value.length > TRUNCATE_LENGTH ? `${value.slice(0, TRUNCATE_LENGTH)}...` : value;
}

/**
 * What `toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })` shows ("22/11/2026, 10:30:00 am"), from
 * one formatter made once: toLocaleString builds a new one per call, which on a phone made a page of
 * rows a long task.
 */
const indiaDateTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Times are shown in India time. */
export function formatDateTime(iso: string | undefined): string {
  if (!iso) return '-';
  return indiaDateTime.format(new Date(iso));
}

export function formatAddress(a: { flatNumber: string; street: string; area: string; city: string; state: string; pincode: string }): string {
  return `${a.flatNumber}, ${a.street}, ${a.area}, ${a.city}, ${a.state} - ${a.pincode}`;
}

export function formatItems(items: { name: string; quantity: number }[]): string {
  return items.map((item) => `${item.name} (Qty: ${item.quantity})`).join(', ');
}
