import { PRODUCTS } from '@pickles/shared/catalogue';
import { getHealth } from '../../../lib/api-client.js';

export const SPLASH_SEEN_KEY = 'royalPicklesSplashSeen';
export const SPLASH_CLASS = 'splash-active';
export const SPLASH_DURATION_MS = 2_000;

const IMAGES_TO_PRELOAD = ['/images/logo.svg', '/images/spices.svg', ...PRODUCTS.map((product) => product.image)];

function markSplashSeen(): void {
  try {
    window.sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
  } catch {
    // storage unavailable: nothing to remember
  }
}

/** Warms the API (answer ignored) and the image cache while the splash is up. */
export function warmUp(): void {
  getHealth().catch(() => undefined);
  for (const src of IMAGES_TO_PRELOAD) {
    const image = new Image();
    image.decoding = 'async';
    image.src = src;
  }
}

/**
 * The splash is a loading splash: it exists only when the landing page is the document the browser
 * loaded, and the inline splash gate (scripts/splash-gate.js) already decided (before first paint) whether it shows. This only ends it
 * after about 2 s counted from navigation start, and remembers it for the session. Returns a cleanup.
 */
export function runSplash(): () => void {
  const root = document.documentElement;
  if (!root.classList.contains(SPLASH_CLASS)) return () => undefined;
  const remaining = Math.max(0, SPLASH_DURATION_MS - performance.now());
  const timer = window.setTimeout(() => {
    markSplashSeen();
    root.classList.remove(SPLASH_CLASS);
  }, remaining);
  return () => {
    window.clearTimeout(timer);
    markSplashSeen();
    root.classList.remove(SPLASH_CLASS);
  };
}
