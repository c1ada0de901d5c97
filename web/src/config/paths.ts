/** Every client route of the SPA (docs/product.md §2). Links and redirects use these, never literals. */
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

export const paths = {
  home: '/',
  shop: '/shop',
  about: '/about',
  payment: '/payment',
  paymentSuccess: '/payment-success',
  paymentFailed: '/payment-failed',
  login: '/login',
  admin: '/admin',
  policies: '/policies',
  policy: (name: PolicyName) => `/policies/${name}`,
  defaultPolicy: '/policies/privacy-policy',
} as const;

/** Public routes rendered to HTML at build time; the rest are served from the app shell. */
export const PRERENDERED_PATHS: readonly string[] = [
  paths.home,
  paths.shop,
  paths.about,
  ...POLICY_NAMES.map((name) => paths.policy(name)),
];
