/**
 * The shop's processes as the deployment files must run them: one image, compose service and k8s name
 * each. Every image is built from the one root Dockerfile; docker-compose.yml gives each process its
 * target and build arguments, and test/deploy checks each image through them.
 */
export interface Process {
  name: string;
  workspace: string;
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

export const processes: Process[] = [
  {
    name: 'gateway',
    workspace: 'gateway',
    entry: 'src/index.ts',
    port: 3000,
    env: ['NODE_ENV', 'LOG_LEVEL', 'PORT', 'CHECKOUT_URL', 'PAYMENTS_URL', 'ADMIN_ORDERS_URL', 'NOTIFICATIONS_URL', 'CORS_ORIGINS', 'RAZORPAY_CHECKOUT_SCRIPT_URL'],
  },
  { name: 'checkout', workspace: 'services/checkout', entry: 'src/index.ts', port: 4001, env: [...base, ...razorpay, 'CREATE_ORDER_LIMIT_PER_CLIENT', 'CREATE_ORDER_LIMIT_PER_EMAIL', 'TRACKING_LINK_SECRET'] },
  { name: 'payments', workspace: 'services/payments', entry: 'src/index.ts', port: 4002, env: [...base, ...razorpay, 'RECONCILE_AFTER_SECONDS', 'RECONCILE_INTERVAL_SECONDS', 'UNPAID_ORDER_EXPIRY_HOURS', 'PAYMENT_CALL_LIMIT_PER_CLIENT'] },
  {
    name: 'admin-orders',
    workspace: 'services/admin-orders',
    entry: 'src/index.ts',
    port: 4003,
    env: [...base, 'JWT_SECRET', 'JWT_TTL_SECONDS', 'ADMIN_USERNAME', 'ADMIN_PASSWORD_HASH', 'LOGIN_MAX_FAILURES', 'LOGIN_WINDOW_SECONDS'],
  },
  { name: 'notifications', workspace: 'services/notifications', entry: 'src/index.ts', port: 4004, env: [...base, 'SMTP_URL', 'MAIL_FROM', 'OWNER_EMAIL', 'SUPPORT_EMAIL', 'SUPPORT_PHONE', 'SHOP_URL', 'TRACKING_LINK_SECRET'] },
  {
    name: 'razorpay-sandbox',
    workspace: 'tools/razorpay-sandbox',
    entry: 'src/index.ts',
    port: 4010,
    devOnly: true,
    env: ['NODE_ENV', 'HOST', 'PORT', 'SANDBOX_KEY_ID', 'SANDBOX_KEY_SECRET', 'SANDBOX_WEBHOOK_SECRET', 'SANDBOX_WEBHOOK_URL', 'SANDBOX_PUBLIC_URL'],
  },
  { name: 'mail-catcher', workspace: 'tools/mail-catcher', entry: 'src/index.ts', port: 8025, devOnly: true, env: ['NODE_ENV', 'HOST', 'PORT', 'SMTP_PORT'] },
  { name: 'migrate', workspace: 'packages/db', entry: 'src/cli/migrate.ts', env: ['DATABASE_URL'] },
];

/** The one Dockerfile, at the repository root. */
export const DOCKERFILE = 'Dockerfile';

/** The demo admin password of docker-compose.yml and the dev overlay (README, docs/product.md). */
export const DEMO_ADMIN_PASSWORD = 'pickles-admin';
