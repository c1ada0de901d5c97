import { createHash, timingSafeEqual } from 'node:crypto';
import { parseCourierTime } from './courier-time.js';
import { CourierError } from './errors.js';
import { isObject } from './http.js';
import { ndrReasonCode } from './ndr-reasons.js';
import { SHIPROCKET_STATUSES, shipmentStatusOf } from './statuses.js';
import type { HeadersLike, TrackingEvent, TrackingScan } from './types.js';

export const DEFAULT_TRACKING_PAGE_URL = 'https://shiprocket.co/tracking/';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const codeOf = (value: unknown): number | null => {
  const numeric = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(numeric) ? numeric : null;
};

/**
 * The de-duplication key of one thing that happened to a shipment: the AWB, the courier's status
 * code (its label when it gives no code) and the scan's time to the second. A webhook and the scan
 * it reports give the same key, so events from webhooks and from polling meet.
 */
export function eventKeyOf(awb: string, code: number | null, label: string, at: Date): string {
  return `${awb}|${code ?? label.toUpperCase()}|${at.toISOString()}`;
}

/** One entry of `scans` (webhook) or `shipment_track_activities` (track API); undefined when it has no readable time. */
export function parseScan(awb: string, raw: unknown): TrackingScan | undefined {
  if (!isObject(raw)) return undefined;
  const at = parseCourierTime(raw.date);
  if (!at) return undefined;
  const courierStatusId = codeOf(raw['sr-status']);
  const courierStatus = text(raw['sr-status-label']) || (courierStatusId !== null ? SHIPROCKET_STATUSES[courierStatusId]?.label : undefined) || text(raw.status);
  return {
    at,
    status: shipmentStatusOf(courierStatusId, courierStatus),
    courierStatus,
    courierStatusId,
    activity: text(raw.activity),
    location: text(raw.location),
    eventKey: eventKeyOf(awb, courierStatusId, courierStatus, at),
  };
}

/** Scans oldest first (the track API lists newest first, webhooks oldest first). */
export function parseScans(awb: string, raw: unknown): TrackingScan[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .map((scan) => parseScan(awb, scan))
    .filter((scan): scan is TrackingScan => scan !== undefined)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

const invalid = (message: string, field: string) => new CourierError('invalid_request', message, { field });

/**
 * A tracking webhook body as a typed event. The status comes from `shipment_status_id` (Shiprocket's
 * own codes; `current_status_id` is the courier's numbering and is not used), the time from
 * `current_timestamp` (India time), the undelivered attempt from the number of undelivered scans.
 */
export function parseTrackingWebhook(raw: unknown, trackingPageUrl: string = DEFAULT_TRACKING_PAGE_URL): TrackingEvent {
  let body: unknown = raw;
  if (typeof raw === 'string' || Buffer.isBuffer(raw)) {
    try {
      body = JSON.parse(raw.toString());
    } catch {
      throw invalid('The webhook body is not JSON', 'body');
    }
  }
  if (!isObject(body)) throw invalid('The webhook body is not a JSON object', 'body');
  const awb = text(body.awb);
  if (!awb) throw invalid('The webhook has no awb', 'awb');
  const scans = parseScans(awb, body.scans);
  const latest = scans.at(-1);
  const occurredAt = parseCourierTime(body.current_timestamp) ?? latest?.at;
  if (!occurredAt) throw invalid('The webhook has no readable current_timestamp', 'current_timestamp');
  const courierStatusId = codeOf(body.shipment_status_id);
  const courierStatus =
    text(body.shipment_status) || (courierStatusId !== null ? SHIPROCKET_STATUSES[courierStatusId]?.label : undefined) || text(body.current_status);
  if (!courierStatus && courierStatusId === null) throw invalid('The webhook has no shipment status', 'shipment_status');
  const status = shipmentStatusOf(courierStatusId, courierStatus || text(body.current_status));
  const orderRef = text(body.order_id);
  const courierOrderId = codeOf(body.sr_order_id);
  const expectedDelivery = parseCourierTime(body.etd);
  const event: TrackingEvent = {
    awb,
    ourOrderRef: orderRef || null,
    courierOrderId,
    status,
    courierStatus,
    courierStatusId,
    occurredAt,
    courierName: text(body.courier_name),
    trackUrl: text(body.track_url) || `${trackingPageUrl}${encodeURIComponent(awb)}`,
    isReturn: body.is_return === 1 || body.is_return === '1' || body.is_return === true,
    eventKey: eventKeyOf(awb, courierStatusId, courierStatus, occurredAt),
    scans,
    ...(expectedDelivery ? { expectedDelivery } : {}),
  };
  if (status === 'undelivered') {
    const failed = scans.filter((scan) => scan.status === 'undelivered' && scan.at.getTime() <= occurredAt.getTime());
    const reason = failed.at(-1)?.activity || (text(body.current_status).toUpperCase() !== courierStatus.toUpperCase() ? text(body.current_status) : '');
    if (reason) {
      event.reason = reason;
      event.reasonCode = ndrReasonCode(reason);
    }
    if (failed.length > 0) event.attempt = failed.length;
  }
  return event;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The `x-api-key` header, compared with the token in constant time (digests, so lengths do not leak either). */
export function isAuthenticWebhook(headers: HeadersLike, webhookToken: string): boolean {
  let given: string | string[] | null | undefined;
  if (typeof Headers !== 'undefined' && headers instanceof Headers) given = headers.get('x-api-key');
  else if (isObject(headers)) {
    const key = Object.keys(headers).find((name) => name.toLowerCase() === 'x-api-key');
    given = key === undefined ? undefined : (headers as Record<string, string | string[] | undefined>)[key];
  }
  if (typeof given !== 'string' || given === '' || !webhookToken) return false;
  return timingSafeEqual(digest(given), digest(webhookToken));
}
