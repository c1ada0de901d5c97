import { createHash } from 'node:crypto';
import { helmetHeaderList, type HeaderList } from '@pickles/service-kit';

/** Inline <script> bodies of the built HTML files, so the CSP can admit exactly those by hash. */
export function inlineScriptHashes(htmlFiles: string[]): string[] {
  const hashes = new Set<string>();
  const pattern = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  for (const html of htmlFiles) {
    for (const match of html.matchAll(pattern)) {
      const body = match[1] ?? '';
      if (body.trim() === '') continue;
      hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    }
  }
  return [...hashes];
}

/**
 * helmet with a content security policy that admits Razorpay Checkout: its script, the iframe it
 * opens on api.razorpay.com, and its telemetry (Razorpay's published CSP list). When the checkout
 * script comes from the local sandbox, that origin is admitted instead. Nothing in it varies per
 * request, so the headers are worked out once (helmetHeaderList) rather than by helmet's dozen
 * middlewares on every request. They go on every page and file, and on the API answers the gateway
 * makes itself; a service's answer brings its own (service-kit's helmet), passed on as it is.
 */
export function securityHeaders(checkoutScriptUrl: string, scriptHashes: string[], isProduction: boolean): HeaderList {
  const checkoutOrigin = new URL(checkoutScriptUrl).origin;
  const razorpay = ['https://checkout.razorpay.com', 'https://api.razorpay.com'];
  const providerOrigins = [...new Set([checkoutOrigin, ...razorpay])];
  return helmetHeaderList({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...providerOrigins],
        scriptSrc: ["'self'", ...scriptHashes, ...providerOrigins],
        // React style attributes and Razorpay's injected styles need inline styles.
        styleSrc: ["'self'", "'unsafe-inline'", ...providerOrigins],
        imgSrc: ["'self'", 'data:', 'https://cdn.razorpay.com', ...providerOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://lumberjack.razorpay.com', ...providerOrigins],
        frameSrc: ["'self'", ...providerOrigins],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Razorpay's checkout frame does not send CORP headers.
    crossOriginEmbedderPolicy: false,
    // Checkout opens bank pages in pop-ups that must be able to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
