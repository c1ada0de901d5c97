import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { e2ePorts } from './ports.js';
// @ts-expect-error plain ESM helper shared with `npm start`
import { ROOT, run } from '../../scripts/stack.mjs';

/**
 * The storefront a stack's journeys load: a build of its own in web/dist-e2e/sandbox-<port>, made
 * against that stack's sandbox checkout script (the script's address is fixed at build time, decision 007).
 */
export function e2eStorefrontDir(stackIndex: number): string {
  return path.join(ROOT, `web/dist-e2e/sandbox-${e2ePorts(stackIndex).sandbox}`);
}

/** Builds stack `stackIndex`'s storefront. One at a time: every web build writes the same web/dist-ssr. */
export async function buildE2eStorefront(stackIndex: number): Promise<void> {
  const sandboxCheckout = `http://127.0.0.1:${e2ePorts(stackIndex).sandbox}/v1/checkout.js`;
  const outDir = path.relative(path.join(ROOT, 'web'), e2eStorefrontDir(stackIndex));
  await run('npm', ['run', 'build', '-w', 'web'], { quiet: true, env: { ...process.env, VITE_RAZORPAY_CHECKOUT_URL: sandboxCheckout, WEB_OUT_DIR: outDir } });
}

/**
 * Whether the journeys may use the build already there: only when told so (E2E_SKIP_BUILD=1, which
 * `npm test` sets after building them beside the vitest tiers) and it is not older than web/dist.
 */
export function e2eStorefrontIsReady(stackIndex: number): boolean {
  const shell = path.join(e2eStorefrontDir(stackIndex), 'app-shell.html');
  const mainShell = path.join(ROOT, 'web/dist/app-shell.html');
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(shell)) return false;
  return !(existsSync(mainShell) && statSync(mainShell).mtimeMs > statSync(shell).mtimeMs);
}
