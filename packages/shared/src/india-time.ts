/**
 * India's calendar and clock, whatever the computer's zone: the shop, its shoppers, its promises, its
 * tax documents and the rules' deadlines are all in India. India has one time zone and no daylight
 * saving: UTC+05:30. The one home of India time: every date the shop writes or reads in India time is
 * made here (SQL that needs India's day says `at time zone 'Asia/Kolkata'`, INDIA_TIME_ZONE). Browser-safe.
 */
export const INDIA_OFFSET_MS = 330 * 60_000;

/** The IANA zone, for Intl and for SQL's `at time zone`. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

export const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
export const MONTHS_LONG = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** A calendar day in India, 'YYYY-MM-DD'. */
export type IndiaDay = string;

/**
 * The instant as India's wall clock, read through the Date's UTC fields (getUTCHours, toISOString):
 * the fast way to India's date parts, with no Intl.
 */
export function indiaWallClock(instant: Date): Date {
  return new Date(instant.getTime() + INDIA_OFFSET_MS);
}

/** The instant whose India wall clock the UTC fields of `wallClock` show (the inverse of indiaWallClock). */
export function fromIndiaWallClock(wallClock: Date | number): Date {
  return new Date((typeof wallClock === 'number' ? wallClock : wallClock.getTime()) - INDIA_OFFSET_MS);
}

/** India's year, month (1-12), day, hours, minutes and seconds of an instant. */
export function indiaParts(instant: Date): { year: number; month: number; day: number; hours: number; minutes: number; seconds: number } {
  const india = indiaWallClock(instant);
  return {
    year: india.getUTCFullYear(),
    month: india.getUTCMonth() + 1,
    day: india.getUTCDate(),
    hours: india.getUTCHours(),
    minutes: india.getUTCMinutes(),
    seconds: india.getUTCSeconds(),
  };
}

/** The India calendar day `instant` falls on. */
export function indiaDayOf(instant: Date): IndiaDay {
  return indiaWallClock(instant).toISOString().slice(0, 10);
}

/** The instant India's day `day` begins (its midnight, 18:30 UTC the day before). */
export function startOfIndiaDay(day: IndiaDay): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - INDIA_OFFSET_MS);
}

/** The calendar day `days` after `day` (calendar days: the courier and the kitchen work through weekends). */
export function addIndiaDays(day: IndiaDay, days: number): IndiaDay {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** Whole calendar days from India day `from` to India day `to`. */
export function indiaDaysBetween(from: IndiaDay, to: IndiaDay): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** '7 Dec', or '7 Dec 2026' with the year. */
export function formatIndiaDayShort(day: IndiaDay, withYear: boolean): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS_SHORT[month - 1]}${withYear ? ` ${year}` : ''}`;
}

/** '23 Nov 2026': the date in India, as tax documents and the owner's e-mails print it. */
export function formatIndiaDate(instant: Date): string {
  return formatIndiaDayShort(indiaDayOf(instant), true);
}

/** '28 February 2027, 10:00 am IST': a moment in India, the same text in every e-mail whatever the server's zone. */
export function formatIndiaDateTimeLong(instant: Date): string {
  const { year, month, day, hours, minutes } = indiaParts(instant);
  return `${day} ${MONTHS_LONG[month - 1]} ${year}, ${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'} IST`;
}

/** '261123': the India date in six digits, as order and ticket numbers carry it. */
export function indiaDateDigits(instant: Date): string {
  return indiaDayOf(instant).slice(2).replaceAll('-', '');
}

/** India's day as the admin panel shows it and as people type it: '5/11/2026' and '05/11/2026' (once when they are the same). */
export function indiaDayAsTyped(instant: Date): string[] {
  const { year, month, day } = indiaParts(instant);
  const shown = `${day}/${month}/${year}`;
  const padded = `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
  return shown === padded ? [shown] : [shown, padded];
}

// What a person reads on a page, through Intl ('en-IN' in India's zone). Each formatter is made
// once, on first use: building one per call made a page of admin rows a long task on a phone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function intl(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = formatters.get(name);
  if (!format) formatters.set(name, (format = new Intl.DateTimeFormat('en-IN', { timeZone: INDIA_TIME_ZONE, ...options })));
  return format;
}

/** "20 November 2026": the shopper's pages, which spell the month out. */
export function formatIndiaDay(iso: string): string {
  return intl('day', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
}

/** "11:00 am IST": beside a formatIndiaDay for a shopper, who may be abroad. */
export function formatIndiaTime(iso: string): string {
  return `${intl('time', { hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(iso))} IST`;
}

/** "20 Nov 2026, 11:00 am": the admin panel's, compact enough for tables and cards with several dates. */
export function formatIndiaDateTime(iso: string): string {
  return intl('date-time', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(iso));
}

/** "22/11/2026, 10:30:00 am": what `toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' })` shows; the order panel's column. */
export function formatIndiaTimestamp(iso: string): string {
  return intl('timestamp', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).format(new Date(iso));
}
