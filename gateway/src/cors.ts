import type { RequestHandler } from 'express';

/**
 * The SPA may be served from another host than the API and sends credentials, so a wildcard is
 * not allowed: only origins on the allow-list get CORS headers. Same-origin requests need none.
 */
export function corsAllowList(allowedOrigins: string[]): RequestHandler {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (origin && allowed.has(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After');
    }
    res.vary('Origin');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      if (!origin || !allowed.has(origin)) {
        res.status(403).json({ success: false, error: 'Origin not allowed' });
        return;
      }
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, Idempotency-Key, X-Request-Id');
      res.setHeader('Access-Control-Max-Age', '600');
      res.status(204).end();
      return;
    }
    next();
  };
}
