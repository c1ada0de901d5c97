import compression from 'compression';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { requestLogging } from '@pickles/service-kit';
import type { GatewayEnv } from './env.js';
import { corsAllowList } from './cors.js';
import { aggregateHealth, publicHealth } from './health.js';
import { refuseTooLarge } from './body.js';
import { createServiceProxy, type ServiceProxy } from './proxy.js';
import { matchRoute, type ServiceName } from './routes.js';
import { inlineScriptHashes, securityHeaders } from './security.js';
import { readHtmlFiles, spaRouter } from './static.js';
import { gatewayRequestDurations } from './metrics.js';

type UpstreamVariable = 'CHECKOUT_URL' | 'PAYMENTS_URL' | 'ADMIN_ORDERS_URL' | 'NOTIFICATIONS_URL';

/** Each upstream is its replicas' URLs (as the environment gives them) or one URL (tests with one stand-in). */
type GatewayConfig = Pick<GatewayEnv, 'WEB_DIST_DIR' | 'CORS_ORIGINS' | 'RAZORPAY_CHECKOUT_SCRIPT_URL' | 'UPSTREAM_TIMEOUT_MS' | 'NODE_ENV'> &
  Record<UpstreamVariable, string | readonly string[]> &
  Partial<Pick<GatewayEnv, 'TRUSTED_PROXIES'>>;

const replicaList = (urls: string | readonly string[]): readonly string[] => (typeof urls === 'string' ? [urls] : urls);

/** /api and everything under it (the query string aside). */
function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');
}

export function createGatewayApp(config: GatewayConfig, logger: Logger): Express {
  const app = express();
  app.disable('x-powered-by');
  // First, so request durations cover all the gateway does (GET /metrics is on METRICS_PORT, never here).
  app.use(gatewayRequestDurations());
  // Only the configured load balancers may say who the client is; anyone else's X-Forwarded-For is ignored.
  app.set('trust proxy', config.TRUSTED_PROXIES?.length ? config.TRUSTED_PROXIES : false);

  // Only API calls are logged; static files and the health aggregate would drown them.
  app.use(requestLogging(logger, (url) => !isApiPath(url) || url === '/api/health'));
  app.use(securityHeaders(config.RAZORPAY_CHECKOUT_SCRIPT_URL, inlineScriptHashes(readHtmlFiles(config.WEB_DIST_DIR)), config.NODE_ENV === 'production'));
  // Plain prefix checks rather than mounted middleware: a mount makes Express match and trim the
  // path on every request, a measurable share of a proxied call's cost.
  const cors = corsAllowList(config.CORS_ORIGINS);
  app.use((req, res, next) => (isApiPath(req.url) ? cors(req, res, next) : next()));
  // Compress the SPA's files, never proxied API answers, which are small and must stream untouched:
  // compression is not even wrapped around them (it hooks every write and header of a response).
  const compress = compression();
  app.use((req, res, next) => (isApiPath(req.url) ? next() : compress(req, res, next)));

  app.get('/alive', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  const upstreams = {
    checkout: replicaList(config.CHECKOUT_URL),
    payments: replicaList(config.PAYMENTS_URL),
    'admin-orders': replicaList(config.ADMIN_ORDERS_URL),
    notifications: replicaList(config.NOTIFICATIONS_URL),
  };
  app.get('/api/health', async (_req, res) => {
    const health = await aggregateHealth(upstreams);
    // Also when the shop is ok: a failing replica (the others still serving) is worth a line.
    const reasons = Object.fromEntries(Object.entries(health.services).filter(([, service]) => service.error).map(([name, service]) => [name, service.error]));
    if (!health.success) logger.warn({ failing: health.failing, reasons }, 'health: failing');
    else if (Object.keys(reasons).length) logger.warn({ reasons }, 'health: some replicas failing');
    res.setHeader('Cache-Control', 'no-store');
    res.status(health.success ? 200 : 503).json(publicHealth(health));
  });

  const proxied: Record<ServiceName, readonly string[]> = { checkout: upstreams.checkout, payments: upstreams.payments, 'admin-orders': upstreams['admin-orders'] };
  const proxies = Object.fromEntries(
    Object.entries(proxied).map(([service, urls]) => [service, createServiceProxy(service as ServiceName, urls, config.UPSTREAM_TIMEOUT_MS, logger)]),
  ) as Record<ServiceName, ServiceProxy>;

  app.use((req, res, next) => {
    if (!req.path.startsWith('/api/')) return next();
    const route = matchRoute(req.path);
    if (!route) {
      res.status(404).json({ success: false, error: `No API route for ${req.method} ${req.path}` });
      return;
    }
    // Refused before reading a byte when announced; a chunked body is capped as it is read (proxy.ts).
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > route.bodyLimit) return refuseTooLarge(res);
    res.setHeader('Cache-Control', 'no-store');
    proxies[route.service](req, res, next, route);
  });

  app.use(spaRouter(config.WEB_DIST_DIR));
  return app;
}
