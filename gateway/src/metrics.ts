import express from 'express';
import type { Logger } from 'pino';
import { listen, metricsEndpoint, UNMATCHED_ROUTE } from '@pickles/service-kit';
import { matchRoute } from './routes.js';

/** The label of everything that is not an API call: the SPA's pages and files (a bounded set, unlike their paths). */
export const STATIC_ROUTE = 'static';

/**
 * A gateway request's route label: the route table's path for an API call (`/api/admin/`), the
 * gateway's own paths by name, `static` for the SPA, `unmatched` for an /api path no route takes.
 */
export function gatewayRoute(path: string): string {
  if (path === '/api/health' || path === '/alive') return path;
  if (path === '/api' || path.startsWith('/api/')) return matchRoute(path)?.path ?? UNMATCHED_ROUTE;
  return STATIC_ROUTE;
}

/**
 * GET /metrics on a listener of its own (METRICS_PORT): Prometheus reaches the pod on that port,
 * while the public port, which the load balancer exposes, never serves it.
 */
export async function startMetricsListener(port: number, host: string, logger: Logger): Promise<{ port: number; close: () => Promise<void> }> {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsEndpoint({ logger }));
  const { server, port: bound } = await listen(app, port, host);
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Prometheus keeps its connection open between scrapes.
        server.closeIdleConnections();
      }),
  };
}
