/*
 * Dates and times in India time, whatever the device's clock says: the shop, its shoppers and the
 * rules' deadlines are all in India. Each format's wording is asserted by tests and e2e specs.
 */
const INDIA = 'Asia/Kolkata';

const dayFormat = new Intl.DateTimeFormat('en-IN', { timeZone: INDIA, day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-IN', { timeZone: INDIA, hour: 'numeric', minute: '2-digit', hour12: true });
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', { timeZone: INDIA, day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true });

/** "20 November 2026": the shopper's pages, which spell the month out. */
export function formatIndiaDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/** "11:00 am IST": beside a formatIndiaDay for a shopper, who may be abroad. */
export function formatIndiaTime(iso: string): string {
  return `${timeFormat.format(new Date(iso))} IST`;
}

/** "20 Nov 2026, 11:00 am": the admin panel's, compact enough for tables and cards with several dates. */
export function formatIndiaDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}
