// The shop's processes: one entry each. `npm run build:server` bundles every one of them into
// dist/<name>/ (scripts/build-server.mjs), `npm start` runs them from here (tsx in development, the
// bundles in production), and the Dockerfile builds an image of any of them from its name alone
// (--build-arg PROCESS=<name>). A new process is a new entry, then its compose service and k8s file.

/**
 * @typedef {object} ShopProcess
 * @property {string} name      image, compose service, k8s objects and dist/<name>/ folder
 * @property {string} entry     its TypeScript entry, from the repository root
 * @property {Record<string, string>} [tools]  command-line tools shipped beside it (dist/<name>/<key>.mjs)
 * @property {boolean} [localOnly]  run by `npm start` and the tests only: no image, compose service or k8s objects (none is, today)
 */

/** @type {ShopProcess[]} */
export const PROCESSES = [
  { name: 'gateway', entry: 'gateway/src/index.ts' },
  { name: 'checkout', entry: 'services/checkout/src/index.ts' },
  { name: 'payments', entry: 'services/payments/src/index.ts' },
  {
    name: 'admin-orders',
    entry: 'services/admin-orders/src/index.ts',
    // An operator runs them in the pod (kubectl exec deploy/admin-orders -- node create-admin.mjs --username owner).
    tools: {
      'create-admin': 'services/admin-orders/src/cli/create-admin.ts',
      'hash-password': 'services/admin-orders/src/cli/hash-password.ts',
      'erase-shopper': 'services/admin-orders/src/cli/erase-shopper.ts',
      'remove-admin': 'services/admin-orders/src/cli/remove-admin.ts',
      'revoke-tracking-links': 'services/admin-orders/src/cli/revoke-tracking-links.ts',
    },
  },
  { name: 'notifications', entry: 'services/notifications/src/index.ts' },
  { name: 'migrate', entry: 'packages/db/src/cli/migrate.ts' },
  // Development only: never started in production mode, never part of the production overlay.
  { name: 'razorpay-sandbox', entry: 'tools/razorpay-sandbox/src/index.ts' },
  { name: 'mail-catcher', entry: 'tools/mail-catcher/src/index.ts' },
  { name: 'courier-sandbox', entry: 'tools/courier-sandbox/src/index.ts' },
];

/** The bundle a process runs in production, from the repository root (next to its source map). */
export const bundleOf = (name) => `dist/${name}/main.mjs`;

/** How node starts a bundle: stack traces name the TypeScript file and line through the source map. */
export const NODE_BUNDLE_FLAGS = ['--enable-source-maps'];
