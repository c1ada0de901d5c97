import { createCourierClient, type CourierClient } from '@pickles/courier-client';
import type { Env } from '../env.js';

/** The courier as admin-orders uses it: the client and what every booking sends. */
export interface Courier {
  client: CourierClient;
  /** The pickup address's nickname at the courier. */
  pickupLocation: string;
  /** Its pincode (the seller's, SELLER_PINCODE): where the courier's rates and days count from. */
  pickupPincode: string;
}

/** The configured courier, or undefined: then Ship is hidden and dispatches are recorded by hand. */
export function courierFromEnv(env: Env): Courier | undefined {
  if (!env.COURIER_EMAIL || !env.COURIER_PASSWORD || !env.COURIER_WEBHOOK_TOKEN) return undefined;
  const client = createCourierClient({
    email: env.COURIER_EMAIL,
    password: env.COURIER_PASSWORD,
    webhookToken: env.COURIER_WEBHOOK_TOKEN,
    ...(env.COURIER_API_BASE_URL ? { apiBaseUrl: env.COURIER_API_BASE_URL } : {}),
    ...(env.COURIER_TRACKING_PAGE_URL ? { trackingPageUrl: env.COURIER_TRACKING_PAGE_URL } : {}),
  });
  return { client, pickupLocation: env.COURIER_PICKUP_LOCATION, pickupPincode: env.SELLER_PINCODE };
}
