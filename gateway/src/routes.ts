/**
 * The public API's path table (architecture.md, "Routing through the gateway"). The gateway holds
 * no business logic: it only decides which service answers. Paths are forwarded unchanged,
 * /api prefix included.
 */
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '@pickles/shared/product-photos';

export type ServiceName = 'checkout' | 'payments' | 'admin-orders';

export interface Route {
  /** Path prefix under which requests go to `service`; exact when `exact` is set. */
  path: string;
  exact?: boolean;
  /** Matched by this instead of `path` (a path with an id in it); `path` names it in metrics. */
  pattern?: RegExp;
  service: ServiceName;
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
  /**
   * The body goes to the service as it arrives instead of being read ahead: for the few routes whose
   * bodies may be megabytes (the owner's bulk actions), so the gateway holds none of it while the
   * service checks the token first. Such a body must announce its length (411 otherwise), and a
   * failed trip is never retried (its body is gone).
   */
  streamBody?: true;
  /**
   * Repeating the request changes nothing more than sending it once (say why at the route), so the
   * gateway may send it to another replica when a replica failed it without answering (proxy.ts).
   * GET, HEAD, OPTIONS and requests with an Idempotency-Key need no mark.
   */
  idempotent?: true;
  /** The 413's sentence when it should say more than "Request body too large" (the limit, what to do). */
  tooLargeMessage?: string;
}

const KB = 1024;

export const ROUTES: Route[] = [
  { path: '/api/payment/create-order', exact: true, service: 'checkout', bodyLimit: 32 * KB },
  // Idempotent: it settles the order from Razorpay's facts through the order's lifecycle (settlePayment);
  // a repeat finds the payment already recorded and answers the same.
  { path: '/api/payment/verify-payment', exact: true, service: 'payments', bodyLimit: 8 * KB, idempotent: true },
  // Idempotent: a hint that moves only a still-pending order to failed; a repeat finds it moved.
  { path: '/api/payment/payment-failed', exact: true, service: 'payments', bodyLimit: 8 * KB, idempotent: true },
  // Razorpay's webhook bodies carry whole payment and order entities. Idempotent: events are
  // de-duplicated by X-Razorpay-Event-Id (Razorpay itself redelivers them).
  { path: '/api/payment/webhook', exact: true, service: 'payments', bodyLimit: 512 * KB, idempotent: true },
  // Razorpay sends a paid payment link's shopper back here (GET, signed query; decision 032).
  { path: '/api/payment/link-callback', exact: true, service: 'payments', bodyLimit: 1 * KB },
  // The shopper's order tracking (decision 010): a lookup form and the signed link in e-mails.
  { path: '/api/track', exact: true, service: 'checkout', bodyLimit: 8 * KB },
  // The shopper's GST tax invoice (PDF), opened with the same signed link.
  { path: '/api/track/invoice', exact: true, service: 'checkout', bodyLimit: 8 * KB },
  // India Post's pincode directory: GET /api/pincodes/{pincode}, no body.
  { path: '/api/pincodes/', service: 'checkout', bodyLimit: 1 * KB },
  // Shiprocket's tracking webhooks (x-api-key checked by admin-orders). Idempotent: events are
  // de-duplicated by their key (AWB, status, scan time); the courier redelivers them itself.
  { path: '/api/courier/webhook', exact: true, service: 'admin-orders', bodyLimit: 256 * KB, idempotent: true },
  // What a discount code does for a cart (decision 028): advisory, rate limited by checkout.
  { path: '/api/discount-codes/check', exact: true, service: 'checkout', bodyLimit: 8 * KB },
  { path: '/api/complaints', exact: true, service: 'checkout', bodyLimit: 16 * KB },
  // "Tell me when the next batch is ready": the sign-up, and the confirm and unsubscribe links of its e-mails.
  { path: '/api/notify-me', exact: true, service: 'checkout', bodyLimit: 4 * KB },
  { path: '/api/notify-me/', service: 'checkout', bodyLimit: 4 * KB },
  { path: '/api/catalogue/availability', exact: true, service: 'checkout', bodyLimit: 1 * KB },
  // Product photos (decision 027): GET /api/catalogue/photos/{id}-{width}.{avif|webp}, no body.
  { path: '/api/catalogue/photos/', service: 'checkout', bodyLimit: 1 * KB },
  // The storefront's products as the owner saved them (decision 024); no body.
  { path: '/api/catalogue', exact: true, service: 'checkout', bodyLimit: 1 * KB },
  // The owner's bulk actions name up to 100,000 orders (a uuid, quotes and a comma: about 40 bytes each).
  { path: '/api/order/batch-update-status', exact: true, service: 'admin-orders', bodyLimit: 4096 * KB, streamBody: true },
  { path: '/api/order/remove-multiple', exact: true, service: 'admin-orders', bodyLimit: 4096 * KB, streamBody: true },
  // The owner's photo upload (decision 027): the photo's bytes, up to 10 MB, streamed to admin-orders,
  // which checks the token before reading them and refuses more than the limit while they arrive.
  {
    path: '/api/admin/catalogue/{id}/photos',
    pattern: /^\/api\/admin\/catalogue\/\d{1,9}\/photos$/,
    service: 'admin-orders',
    bodyLimit: PHOTO_MAX_BYTES,
    streamBody: true,
    tooLargeMessage: PHOTO_MESSAGES.tooLarge,
  },
  // At most 500 dispatch lines of an order number, a courier and an AWB.
  { path: '/api/admin/orders/dispatch-batch', exact: true, service: 'admin-orders', bodyLimit: 64 * KB },
  // Every other admin body is a status, a refund, a dispatch, a complaint's resolution (2,000 characters) ...
  { path: '/api/admin/', service: 'admin-orders', bodyLimit: 16 * KB },
  { path: '/api/order/', service: 'admin-orders', bodyLimit: 16 * KB },
];

export function matchRoute(pathname: string): Route | undefined {
  return ROUTES.find((route) => (route.pattern ? route.pattern.test(pathname) : route.exact ? pathname === route.path : pathname.startsWith(route.path)));
}

/** Client-side routes of the SPA (docs/product.md §2) that get the app shell rather than a 404. */
export const CLIENT_ROUTES = [/^\/$/, /^\/shop$/, /^\/shop\/[a-z0-9]+(-[a-z0-9]+)*$/, /^\/payment$/, /^\/payment-success$/, /^\/payment-failed$/, /^\/about$/, /^\/login$/, /^\/admin(\/orders\/[^/]+(\/packing-slip)?|\/complaints|\/stock|\/catalogue(\/new|\/\d{1,9})?|\/delivery-problems|\/discount-codes)?$/, /^\/track$/, /^\/complaint$/, /^\/policies(\/.*)?$/];

export function isClientRoute(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTES.some((pattern) => pattern.test(trimmed));
}
