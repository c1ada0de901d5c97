/** Every client route of the SPA (docs/product.md §2). Links and redirects use these, never literals. */
import { ADMIN_PATH, POLICY_NAMES, TRACK_PATH, adminComplaintsPath, policyPath } from '@pickles/shared/shop-paths';

export { POLICY_NAMES, isPolicyName, type PolicyName } from '@pickles/shared/shop-paths';

export const paths = {
  home: '/',
  shop: '/shop',
  /** A product's own page (decision 024), by the slug the catalogue gives it. */
  product: '/shop/:slug',
  about: '/about',
  payment: '/payment',
  paymentSuccess: '/payment-success',
  paymentFailed: '/payment-failed',
  login: '/login',
  admin: ADMIN_PATH,
  /** The owner's page of one order (nested under the admin route). */
  adminOrder: (id: string) => `${ADMIN_PATH}/orders/${encodeURIComponent(id)}`,
  packingSlip: (id: string) => `${ADMIN_PATH}/orders/${encodeURIComponent(id)}/packing-slip`,
  track: TRACK_PATH,
  /** The complaint form; `?order=` prefills the order number. */
  complaint: '/complaint',
  /** The owner's list of complaints and their deadlines. */
  adminComplaints: adminComplaintsPath,
  /** The owner's batches: jars per batch, on sale or coming soon. */
  adminStock: `${ADMIN_PATH}/stock`,
  /** An order taken by phone or WhatsApp, paid through a payment link (decision 032). */
  adminNewOrder: `${ADMIN_PATH}/orders/new`,
  /** The owner's discount codes (decision 028). */
  adminDiscountCodes: `${ADMIN_PATH}/discount-codes`,
  /** The owner's products: add, edit, order on the shop, archive (decision 024). */
  adminCatalogue: `${ADMIN_PATH}/catalogue`,
  adminCatalogueNew: `${ADMIN_PATH}/catalogue/new`,
  /** One product: its form, its photos and its change log. */
  adminCatalogueProduct: (id: number) => `${ADMIN_PATH}/catalogue/${id}`,
  /** Failed deliveries and returns (the courier's NDR queue). */
  adminDeliveryProblems: `${ADMIN_PATH}/delivery-problems`,
  policies: '/policies',
  policy: policyPath,
  defaultPolicy: '/policies/privacy-policy',
} as const;

/** Public routes rendered to HTML at build time; the rest are served from the app shell. */
export const PRERENDERED_PATHS: readonly string[] = [
  paths.home,
  paths.shop,
  paths.about,
  ...POLICY_NAMES.map(policyPath),
];
