import type { Response } from 'express';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Route ids are uuids; anything else is an unknown order, answered before the database is asked. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** Products and discount codes have serial ids: anything but 1 to 9 digits is no such row. */
export function serialId(value: unknown): number | undefined {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

/** An admin list is never cached: the owner sees the shop as it is now. */
export function sendUncached(res: Response, body: object): void {
  res.setHeader('Cache-Control', 'no-store');
  res.json(body);
}
