import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pathOnly } from '@pickles/service-kit';
import type { GatewayAnswers } from './answers.js';
import type { CorsCheck } from './cors.js';
import { aggregateHealth, publicHealth, type Upstreams } from './health.js';
import type { ServiceProxy } from './proxy.js';
import { matchRoute, type ServiceName } from './routes.js';

/**
 * The path of an API request (`/api/...`, no query string), or undefined for any other request.
 * Browsers and load balancers send the origin-form (`/api/x?y`); the absolute-form
 * (`http://host/api/x`), which a server must accept too (RFC 9112 §3.2.2), is read as a URL.
 */
export function apiPathOf(url: string): string | undefined {
  if (url.startsWith('/api/')) return pathOnly(url);
  if (url.startsWith('/')) return undefined;
  const path = URL.parse(url)?.pathname;
  return path?.startsWith('/api/') ? path : undefined;
}

export interface ApiOptions {
  upstreams: Upstreams;
  proxies: Record<ServiceName, ServiceProxy>;
  cors: CorsCheck;
  answers: GatewayAnswers;
  logger: Logger;
}

/**
 * Every /api/* request, as a plain Node request handler that the gateway's front (front.ts) hands it
 * to, already timed and given its request id: CORS, then the health aggregate, a JSON 404 for a path
 * no route takes, a 413 for a body announced over its route's limit, or the route's service.
 */
export function apiListener({ upstreams, proxies, cors, answers, logger }: ApiOptions): (req: IncomingMessage, res: ServerResponse, path: string) => void {
  const health = async (res: ServerResponse) => {
    const aggregate = await aggregateHealth(upstreams);
    // Also when the shop is ok: a failing replica (the others still serving) is worth a line.
    const reasons = Object.fromEntries(Object.entries(aggregate.services).filter(([, service]) => service.error).map(([name, service]) => [name, service.error]));
    if (!aggregate.success) logger.warn({ failing: aggregate.failing, reasons }, 'health: failing');
    else if (Object.keys(reasons).length) logger.warn({ reasons }, 'health: some replicas failing');
    answers.json(res, aggregate.success ? 200 : 503, publicHealth(aggregate));
  };

  return (req, res, path) => {
    if (!cors(req, res)) return;
    if (path === '/api/health' && (req.method === 'GET' || req.method === 'HEAD')) {
      health(res).catch((error: unknown) => {
        logger.error({ err: error }, 'health: could not aggregate');
        res.destroy();
      });
      return;
    }
    const route = matchRoute(path);
    if (!route) return answers.json(res, 404, { success: false, error: `No API route for ${req.method} ${path}` });
    // Refused before reading a byte when announced; a chunked body is capped as it is read (proxy.ts).
    if (Number(req.headers['content-length'] ?? 0) > route.bodyLimit) return answers.tooLarge(res, route.tooLargeMessage);
    res.setHeader('Cache-Control', 'no-store');
    proxies[route.service](req, res, route);
  };
}
