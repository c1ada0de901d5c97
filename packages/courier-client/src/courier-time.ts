/**
 * The courier's clock: Shiprocket writes every time as India wall-clock text without a zone
 * (UTC+05:30, no daylight saving), in several layouts. This module turns them into instants and
 * back; the sandbox writes with it and the client reads with it, so both sides agree.
 */
import { fromIndiaWallClock, indiaParts, MONTHS_SHORT } from '@pickles/shared/india-time';

const MONTHS: readonly string[] = MONTHS_SHORT;

/** The layouts Shiprocket uses, by where they appear. */
export type CourierTimeLayout =
  /** "23 05 2023 11:43:52": the webhook's current_timestamp. */
  | 'webhook'
  /** "2023-05-19 11:59:16": scans, awb_assigned_date, pickup_scheduled_date, etd, ndr_raised_at. */
  | 'scan'
  /** "2026-11-28 14:05": create order's order_date. */
  | 'order'
  /** "2026-11-29": pickup_date, deferred_date. */
  | 'day'
  /** "Dec 05, 2026": serviceability's etd. */
  | 'etd';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as India wall-clock text in one of the courier's layouts. */
export function formatCourierTime(at: Date, layout: CourierTimeLayout): string {
  const { year: y, month: mo, day: d, hours: h, minutes: mi, seconds: s } = indiaParts(at);
  switch (layout) {
    case 'webhook':
      return `${pad(d)} ${pad(mo)} ${y} ${pad(h)}:${pad(mi)}:${pad(s)}`;
    case 'scan':
      return `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
    case 'order':
      return `${y}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}`;
    case 'day':
      return `${y}-${pad(mo)}-${pad(d)}`;
    case 'etd':
      return `${MONTHS[mo - 1]} ${pad(d)}, ${y}`;
  }
}

const LAYOUTS: Array<{ pattern: RegExp; fields: (m: RegExpExecArray) => number[] }> = [
  // DD MM YYYY HH:mm:ss
  { pattern: /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/, fields: (m) => [+m[3]!, +m[2]!, +m[1]!, +m[4]!, +m[5]!, +m[6]!] },
  // YYYY-MM-DD HH:mm[:ss], YYYY-MM-DD
  { pattern: /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/, fields: (m) => [+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)] },
  // Mon DD, YYYY
  {
    pattern: /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{1,2}), (\d{4})$/,
    fields: (m) => [+m[3]!, MONTHS.indexOf(m[1]!) + 1, +m[2]!, 0, 0, 0],
  },
];

/**
 * India wall-clock text in any of the courier's layouts as an instant; undefined for anything else,
 * including impossible dates ("31 02 2026 ...") and the courier's empty values ("", "0000-00-00 00:00:00").
 */
export function parseCourierTime(text: unknown): Date | undefined {
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  for (const { pattern, fields } of LAYOUTS) {
    const match = pattern.exec(trimmed);
    if (!match) continue;
    const [y, mo, d, h, mi, s] = fields(match) as [number, number, number, number, number, number];
    const utc = Date.UTC(y, mo - 1, d, h, mi, s);
    const check = new Date(utc);
    // Date.UTC rolls 31 February over into March: refuse what does not come back unchanged.
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59 || y < 2000) return undefined;
    return fromIndiaWallClock(utc);
  }
  return undefined;
}

/** Today's date in India, "YYYY-MM-DD" (the courier's calendar for pickup and re-attempt dates). */
export function indiaDay(at: Date = new Date()): string {
  return formatCourierTime(at, 'day');
}
