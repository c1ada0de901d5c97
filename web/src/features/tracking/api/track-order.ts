import type { TrackOrderResponse } from '@pickles/shared/api';
import { apiRequest } from '../../../lib/api-client.js';
import { invoicePath } from '@pickles/shared/shop-paths';

/** POST /track: the order number and the phone or e-mail used at checkout. */
export function lookUpOrder(orderNumber: string, contact: string, signal?: AbortSignal): Promise<TrackOrderResponse> {
  return apiRequest<TrackOrderResponse>('POST', '/track', { body: { orderNumber, contact }, signal });
}

/** GET /track?order=…&t=…: the signed link of the e-mails, no typing needed. */
export function openTrackingLink(orderNumber: string, token: string, signal?: AbortSignal): Promise<TrackOrderResponse> {
  const query = new URLSearchParams({ order: orderNumber, t: token });
  return apiRequest<TrackOrderResponse>('GET', `/track?${query.toString()}`, { signal });
}

/**
 * GET /api/track/invoice?order=…&t=…: the order's GST tax invoice as a PDF. It needs the signed link's
 * token: a lookup with the phone or e-mail has none, so its shopper downloads it from the e-mail.
 */
export function invoiceDownloadUrl(orderNumber: string, token: string): string {
  return invoicePath(orderNumber, token);
}
