import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayAnswers } from './answers.js';

/**
 * Sets the CORS headers of an API answer; answers a preflight itself. Returns whether the request
 * goes on (false: answered).
 */
export type CorsCheck = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The SPA may be served from another host than the API and sends credentials, so a wildcard is
 * not allowed: only origins on the allow-list get CORS headers. Same-origin requests need none.
 */
export function corsAllowList(allowedOrigins: string[], answers: GatewayAnswers): CorsCheck {
  const allowed = new Set(allowedOrigins.map((origin) => new URL(origin).origin));
  return (req, res) => {
    const origin = req.headers.origin;
    const admitted = origin !== undefined && allowed.has(origin);
    if (admitted) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After');
    }
    // Nothing has set Vary yet (the API answer begins here); a service's own Vary replaces it.
    res.setHeader('Vary', 'Origin');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      if (!admitted) {
        answers.json(res, 403, { success: false, error: 'Origin not allowed' });
        return false;
      }
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization, Idempotency-Key, X-Request-Id');
      res.setHeader('Access-Control-Max-Age', '600');
      answers.noContent(res);
      return false;
    }
    return true;
  };
}
