/**
 * India Post's pincode directory, offline: which city and state a pincode is in, and how
 * long an order takes to get there. Server-only (it reads data/pincode-directory.json from disk); the
 * SPA asks GET /api/pincodes/:pincode. How the data is made: ../README.md.
 */
export { lookupPincode, type PincodeEntry } from './directory.js';
export { deliveryEstimate, deliveryZone, type DeliveryEstimate, type DeliveryZone } from './delivery-estimate.js';
export { distanceKm, type LatLng } from './great-circle.js';
