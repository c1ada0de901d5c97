import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { E2E_PORTS } from './ports.js';
// @ts-expect-error plain ESM helper shared with `npm start`
import { ROOT, run } from '../../scripts/stack.mjs';

/**
 * The storefront the journeys load: its own build in web/dist-e2e, made against the e2e sandbox's
 * checkout script (the script's address is fixed at build time, decision 007).
 */
export const E2E_STOREFRONT_DIR: string = path.join(ROOT, 'web/dist-e2e');

export async function buildE2eStorefront(): Promise<void> {
  const sandboxCheckout = `http://127.0.0.1:${E2E_PORTS.sandbox}/v1/checkout.js`;
  await run('npm', ['run', 'build', '-w', 'web'], { quiet: true, env: { ...process.env, VITE_RAZORPAY_CHECKOUT_URL: sandboxCheckout, WEB_OUT_DIR: 'dist-e2e' } });
}

/**
 * Whether the journeys may use the build already in web/dist-e2e: only when told so (E2E_SKIP_BUILD=1,
 * which `npm test` sets after building it beside the vitest tiers) and it is not older than web/dist.
 */
export function e2eStorefrontIsReady(): boolean {
  const shell = path.join(E2E_STOREFRONT_DIR, 'app-shell.html');
  const mainShell = path.join(ROOT, 'web/dist/app-shell.html');
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(shell)) return false;
  return !(existsSync(mainShell) && statSync(mainShell).mtimeMs > statSync(shell).mtimeMs);
}
