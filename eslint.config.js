import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The SPA's features (web/src/features/<name>/): each may import lib, components and config, never another feature. */
const WEB_FEATURES = readdirSync(new URL('./web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * For each feature, a no-restricted-imports block refusing relative imports that climb out of it into
 * another feature (`../cart/...`, `../../cart/...`, `../../../features/cart/...`). Routes in web/src/app
 * compose features; what two features share lives in web/src/lib or web/src/components.
 */
const webFeatureBoundaries = WEB_FEATURES.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(features/)?(${WEB_FEATURES.filter((other) => other !== feature).join('|')})(/|$)`,
            message: `web/src/features/${feature} may not import another feature: take it from the route (web/src/app), or move what is shared to web/src/lib or web/src/components.`,
          },
        ],
      },
    ],
  },
}));

/** One lint for the whole tree: `npm run lint`. Type checking is `npm run typecheck`. */
export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'web/dist*/**', 'web/dist-ssr/**', '.ci/out/**', 'bench/results/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/scripts/splash-gate.js', 'web/scripts/early-taps.js', 'web/scripts/*-skeleton-gate.js'],
    // prerender.ts writes the catalogue's product ids in place of __PRODUCT_IDS__.
    languageOptions: { globals: { ...globals.browser, __PRODUCT_IDS__: 'readonly' } },
  },
  {
    // The ICU warm-up runs as a dedicated worker (scripts/prerender.ts starts it).
    files: ['web/scripts/icu-warmup.js'],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    // The sandbox's checkout.js is a classic browser script, an IIFE over the globals it uses.
    files: ['tools/razorpay-sandbox/src/checkout/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, __SANDBOX_CONFIG__: 'readonly' } },
    rules: { 'no-redeclare': 'off', '@typescript-eslint/no-this-alias': 'off', '@typescript-eslint/no-unused-expressions': 'off', '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...webFeatureBoundaries,
  {
    files: ['e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
