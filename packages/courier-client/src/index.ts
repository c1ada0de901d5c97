export type * from './types.js';
export { createCourierClient, DEFAULT_API_BASE_URL, DEFAULT_TIMEOUT_MS, TOKEN_MAX_AGE_MS, TRACK_BATCH_SIZE } from './client.js';
export { CourierError, type CourierErrorKind } from './errors.js';
export { formatCourierTime, parseCourierTime, indiaDay, type CourierTimeLayout } from './courier-time.js';
export { SHIPMENT_STATUSES, SHIPROCKET_STATUSES, SHIPROCKET_CODE, shipmentStatusOf, type ShipmentStatus } from './statuses.js';
export { NDR_REASON_CODES, ndrReasonCode, type NdrReasonCode } from './ndr-reasons.js';
export { DEFAULT_TRACKING_PAGE_URL, eventKeyOf, isAuthenticWebhook, parseTrackingWebhook } from './tracking.js';
export { API_PREFIX } from './http.js';
