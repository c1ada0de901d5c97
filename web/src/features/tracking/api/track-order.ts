import type { TrackOrderResponse } from '@pickles/shared/api';
import { apiRequest } from '../../../lib/api-client.js';

/** POST /track: the order number and the phone or e-mail used at checkout. */
export function lookUpOrder(orderNumber: string, contact: string, signal?: AbortSignal): Promise<TrackOrderResponse> {
  return apiRequest<TrackOrderResponse>('POST', '/track', { body: { orderNumber, contact }, signal });
}

/** GET /track?order=…&t=…: the signed link of the e-mails, no typing needed. */
export function openTrackingLink(orderNumber: string, token: string, signal?: AbortSignal): Promise<TrackOrderResponse> {
  const query = new URLSearchParams({ order: orderNumber, t: token });
  return apiRequest<TrackOrderResponse>('GET', `/track?${query.toString()}`, { signal });
}
