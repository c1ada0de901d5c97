/**
 * India's calendar, whatever the computer's clock zone: the shop, its shoppers and its promises are in
 * India. India has one time zone and no daylight saving: UTC+05:30. Browser-safe.
 */
export const INDIA_OFFSET_MS = 330 * 60_000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar day in India, 'YYYY-MM-DD'. */
export type IndiaDay = string;

/** The India calendar day `instant` falls on. */
export function indiaDayOf(instant: Date): IndiaDay {
  return new Date(instant.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The calendar day `days` after `day` (calendar days: the courier and the kitchen work through weekends). */
export function addIndiaDays(day: IndiaDay, days: number): IndiaDay {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** '7 Dec', or '7 Dec 2026' with the year. */
export function formatIndiaDayShort(day: IndiaDay, withYear: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]}${withYear ? ` ${year}` : ''}`;
}
