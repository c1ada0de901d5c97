/**
 * Addresses of the shop's pages that more than the SPA needs: the e-mails link to the policies and
 * the owner's alerts to the order in the admin. The SPA's router builds its links from these too
 * (web/src/config/paths.ts), so a renamed page cannot leave a dead link in an e-mail.
 */
export const POLICY_NAMES = [
  'privacy-policy',
  'refund-policy',
  'shipping-policy',
  'terms-and-conditions',
  'contact-us',
] as const;

export type PolicyName = (typeof POLICY_NAMES)[number];

export function isPolicyName(name: string | undefined): name is PolicyName {
  return (POLICY_NAMES as readonly string[]).includes(name ?? '');
}

export const policyPath = (name: PolicyName): string => `/policies/${name}`;

export const ADMIN_PATH = '/admin';

/** The shopper's order-tracking page; e-mails add `?order=…&t=…` (a signed link, decision 010). */
export const TRACK_PATH = '/track';

/** The order's GST tax invoice (a PDF), opened with the same signed token as the tracking link. */
export const invoicePath = (orderNumber: string, token: string): string =>
  `/api/track/invoice?order=${encodeURIComponent(orderNumber)}&t=${encodeURIComponent(token)}`;

export const trackPath = (orderNumber: string, token: string): string =>
  `${TRACK_PATH}?order=${encodeURIComponent(orderNumber)}&t=${encodeURIComponent(token)}`;

/** The admin panel filtered to one order: its search box is prefilled from `?search=`. */
export const adminOrderPath = (orderId: string): string => `${ADMIN_PATH}?search=${encodeURIComponent(orderId)}`;

/** The admin's complaints list: the owner's alert about a new complaint links to it. */
export const adminComplaintsPath = `${ADMIN_PATH}/complaints`;

/** The admin's delivery problems page: the owner's alert about bookings waiting for the courier links to it. */
export const adminDeliveryProblemsPath = `${ADMIN_PATH}/delivery-problems`;

/** `path` on the shop at `shopUrl` (its public address, e.g. https://royalpickles.in). */
export function shopLink(shopUrl: string, path: string): string {
  return new URL(path, shopUrl.endsWith('/') ? shopUrl : `${shopUrl}/`).toString();
}
