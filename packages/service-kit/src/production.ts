import { DEMO_SELLER_VALUES } from '@pickles/shared/seller-profile';
/**
 * Production mode (NODE_ENV=production; `npm start` with real Razorpay keys sets it) refuses every
 * value this repository publishes: the demo and sandbox credentials of docker-compose.yml, the k8s dev
 * overlay and examples, `.env.example` and the sandbox's own defaults. Anyone can read them, so a shop
 * running with one can be taken over. test/deploy checks this list against those files.
 */
export const PUBLISHED_VALUES: Readonly<Record<string, readonly string[]>> = {
  // The seller profile's fake local defaults (packages/shared/src/seller-profile.ts).
  ...Object.fromEntries(Object.entries(DEMO_SELLER_VALUES).map(([name, value]) => [name, [value]])),
  RAZORPAY_KEY_ID: ['rzp_test_DemoSandboxKey01', 'rzp_test_Sandbox0000000001', 'rzp_live_FAKEKEYID000000', 'rzp_test_XXXXXXXXXXXXXX'],
  RAZORPAY_KEY_SECRET: ['demo-sandbox-key-secret', 'sandbox_key_secret_change_me', 'FAKE-razorpay-key-secret', 'change-me-key-secret'],
  RAZORPAY_WEBHOOK_SECRET: ['demo-sandbox-webhook-secret', 'sandbox_webhook_secret_change_me', 'FAKE-razorpay-webhook-secret', 'change-me-webhook-secret'],
  JWT_SECRET: [
    'demo-jwt-secret-for-docker-compose-only-0123456789',
    'demo-jwt-secret-for-dev-clusters-only-0123456789',
    'FAKE-jwt-secret-0000000000000000000000',
    'change-me-to-at-least-32-random-characters',
  ],
  ADMIN_PASSWORD_HASH: [
    'scrypt$32768$8$1$7G/3JWq3kbAQxzHzAeuH2w==$du1RVRBQH47WANsvAEzgh3OF2dF2i1dCBM9nZ0tHUrnT2jHFHsUetZ7LUIFPn53Fcl96WKUhXVbh9gs4O3lGCA==',
    'scrypt$32768$8$1$RkFLRS1zYWx0$RkFLRS1oYXNoLW5vdC1hLXJlYWwtb25lLWF0LWFsbA==',
    'scrypt$16384$8$1$c2FsdA==$aGFzaA==',
  ],
  SMTP_URL: ['smtp://mail-catcher:1025', 'smtp://127.0.0.1:1025', 'smtp://localhost:1025', 'smtps://FAKE-user:FAKE-password@smtp.example.com:465'],
  TRACKING_LINK_SECRET: ['demo-tracking-link-secret-for-local-shops-only'],
  // The courier sandbox's API user and webhook token (tools/courier-sandbox): a live shop books with its own.
  COURIER_EMAIL: ['api-user@courier-sandbox.example'],
  COURIER_PASSWORD: ['courier-sandbox-password'],
  COURIER_WEBHOOK_TOKEN: ['courier-sandbox-webhook-token'],
  // Not secrets, but shoppers would call a stranger's number or follow links to nowhere.
  SUPPORT_PHONE: ['+91 11 4567 8900'],
  SHOP_URL: ['https://shop.example.in'],
};

/** This machine's own address: in a shopper's e-mail it leads nowhere. */
function isLocalUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host.startsWith('127.') || host === '::1' || host === '0.0.0.0';
}

/** The demo admin's password (README, `npm start`'s banner): refused as the admin's password in production. */
export const DEMO_ADMIN_PASSWORD = 'pickles-admin';

/**
 * One line per problem with `source` in production mode: a published value, a missing variable the
 * process needs there, a local SHOP_URL, or a Razorpay or courier base URL override that was not explicitly allowed.
 */
export function productionProblems(source: Record<string, string | undefined>, requiredInProduction: readonly string[] = []): string[] {
  const problems: string[] = [];
  for (const name of requiredInProduction) {
    if (!source[name]) problems.push(`Invalid environment variable ${name} (missing): required in production`);
  }
  for (const [name, values] of Object.entries(PUBLISHED_VALUES)) {
    const value = source[name];
    if (value !== undefined && values.includes(value.trim())) {
      problems.push(`Invalid environment variable ${name} (got a published value): the repository's demo, example or sandbox value cannot be used in production`);
    }
  }
  if (source.SHOP_URL && isLocalUrl(source.SHOP_URL.trim())) {
    problems.push("Invalid environment variable SHOP_URL (a local address): e-mails link shoppers to it; give the shop's public address, such as https://royalpickles.in");
  }
  if (source.RAZORPAY_API_BASE_URL && source.RAZORPAY_ALLOW_BASE_URL !== 'true') {
    problems.push('Invalid environment variable RAZORPAY_API_BASE_URL (set): production talks to Razorpay itself; set RAZORPAY_ALLOW_BASE_URL=true to point it elsewhere on purpose');
  }
  if (source.COURIER_API_BASE_URL && source.COURIER_ALLOW_BASE_URL !== 'true') {
    problems.push('Invalid environment variable COURIER_API_BASE_URL (set): production books with Shiprocket itself; set COURIER_ALLOW_BASE_URL=true to point it elsewhere on purpose');
  }
  return problems;
}
