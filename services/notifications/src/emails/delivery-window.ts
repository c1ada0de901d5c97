/** Processing 7-10 days, then delivery 7-10 days (docs/product.md, policy figures). */
const EARLIEST_DAYS = 7 + 7;
const LATEST_DAYS = 10 + 10;
/** India has one time zone and no daylight saving: UTC+5:30. */
const INDIA_OFFSET_MS = 330 * 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The India calendar day `days` after the India calendar day of `instant`, as a UTC midnight. */
function indiaDayPlus(instant: Date, days: number): Date {
  const india = new Date(instant.getTime() + INDIA_OFFSET_MS);
  return new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate() + days));
}

const dayMonth = (day: Date) => `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;

/**
 * When a shopper can expect the parcel, counted from the payment's day in India:
 * "between 7 Dec and 13 Dec 2026" (the year once, unless the range crosses into the next one).
 */
export function expectedDelivery(paidAt: Date): { from: string; to: string; text: string } {
  const first = indiaDayPlus(paidAt, EARLIEST_DAYS);
  const last = indiaDayPlus(paidAt, LATEST_DAYS);
  const from = first.getUTCFullYear() === last.getUTCFullYear() ? dayMonth(first) : `${dayMonth(first)} ${first.getUTCFullYear()}`;
  const to = `${dayMonth(last)} ${last.getUTCFullYear()}`;
  return { from, to, text: `between ${from} and ${to}` };
}
