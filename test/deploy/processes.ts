// @ts-expect-error plain ESM list of the shop's processes (one entry each), shared with the build and npm start
import { PROCESSES } from '../../scripts/processes.mjs';

/**
 * The shop's processes as the deployment files must run them: one image, compose service and k8s name
 * each. Names and entries come from scripts/processes.mjs, the one list; what a deployment must give
 * each one (port, environment) is here. Every image is built from the one root Dockerfile;
 * docker-compose.yml gives each process its target and build arguments, and test/deploy checks each
 * image through them.
 */
export interface Process {
  name: string;
  /** Its TypeScript entry, from the repository root (scripts/processes.mjs). */
  entry: string;
  /** Port of the HTTP server (health endpoints at least); absent for the one-shot. */
  port?: number;
  /** Only in docker-compose.yml and the dev overlay, never in production. */
  devOnly?: boolean;
  /** Environment variables it must be given (defaults in code are not relied on for these). */
  env: string[];
}

const base = ['NODE_ENV', 'HOST', 'LOG_LEVEL', 'PORT', 'DATABASE_URL', 'REDIS_URL', 'REDIS_PREFIX'];
const razorpay = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'];

const deployed: Record<string, Omit<Process, 'name' | 'entry'>> = {
  gateway: { port: 3000, env: ['NODE_ENV', 'LOG_LEVEL', 'PORT', 'CHECKOUT_URL', 'PAYMENTS_URL', 'ADMIN_ORDERS_URL', 'NOTIFICATIONS_URL', 'CORS_ORIGINS', 'RAZORPAY_CHECKOUT_SCRIPT_URL'] },
  checkout: { port: 4001, env: [...base, ...razorpay, 'CREATE_ORDER_LIMIT_PER_CLIENT', 'CREATE_ORDER_LIMIT_PER_EMAIL', 'TRACKING_LINK_SECRET'] },
  payments: { port: 4002, env: [...base, ...razorpay, 'RECONCILE_AFTER_SECONDS', 'RECONCILE_INTERVAL_SECONDS', 'UNPAID_ORDER_EXPIRY_HOURS', 'PAYMENT_CALL_LIMIT_PER_CLIENT'] },
  'admin-orders': { port: 4003, env: [...base, 'JWT_SECRET', 'JWT_TTL_SECONDS', 'ADMIN_USERNAME', 'ADMIN_PASSWORD_HASH', 'LOGIN_MAX_FAILURES', 'LOGIN_WINDOW_SECONDS'] },
  notifications: { port: 4004, env: [...base, 'SMTP_URL', 'MAIL_FROM', 'OWNER_EMAIL', 'SUPPORT_EMAIL', 'SUPPORT_PHONE', 'SHOP_URL', 'TRACKING_LINK_SECRET'] },
  'razorpay-sandbox': { port: 4010, devOnly: true, env: ['NODE_ENV', 'HOST', 'PORT', 'SANDBOX_KEY_ID', 'SANDBOX_KEY_SECRET', 'SANDBOX_WEBHOOK_SECRET', 'SANDBOX_WEBHOOK_URL', 'SANDBOX_PUBLIC_URL'] },
  'courier-sandbox': {
    port: 4020,
    devOnly: true,
    env: ['NODE_ENV', 'HOST', 'PORT', 'COURIER_SANDBOX_EMAIL', 'COURIER_SANDBOX_PASSWORD', 'COURIER_SANDBOX_WEBHOOK_TOKEN', 'COURIER_SANDBOX_WEBHOOK_URL', 'COURIER_SANDBOX_PUBLIC_URL'],
  },
  'mail-catcher': { port: 8025, devOnly: true, env: ['NODE_ENV', 'HOST', 'PORT', 'SMTP_PORT'] },
  migrate: { env: ['DATABASE_URL'] },
};

/** Every process of scripts/processes.mjs that runs in containers, with what its deployment must give it; a process missing here is an error. */
export const processes: Process[] = (PROCESSES as { name: string; entry: string; localOnly?: boolean }[]).filter((p) => !p.localOnly).map(({ name, entry }) => {
  const facts = deployed[name];
  if (!facts) throw new Error(`test/deploy/processes.ts: scripts/processes.mjs lists ${name}; say here what its deployment must give it`);
  return { name, entry, ...facts };
});

/** The one Dockerfile, at the repository root. */
export const DOCKERFILE = 'Dockerfile';

/** The demo admin password of docker-compose.yml and the dev overlay (README, docs/product.md). */
export const DEMO_ADMIN_PASSWORD = 'pickles-admin';
