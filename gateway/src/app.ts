import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { setHeaderList, startProcessMetrics } from '@pickles/service-kit';
import type { GatewayEnv } from './env.js';
import { GatewayAnswers } from './answers.js';
import { apiListener } from './api.js';
import { untrustedProxyAlarm, type TrustProxy } from './client.js';
import { corsAllowList } from './cors.js';
import { gatewayFront } from './front.js';
import { createServiceProxy, type ServiceProxy } from './proxy.js';
import type { ServiceName } from './routes.js';
import { inlineScriptHashes, securityHeaders } from './security.js';
import { photoPreload } from './photo-preload.js';
import { readHtmlFiles, spaRouter } from './static.js';

type UpstreamVariable = 'CHECKOUT_URL' | 'PAYMENTS_URL' | 'ADMIN_ORDERS_URL' | 'NOTIFICATIONS_URL';

/** Each upstream is its replicas' URLs (as the environment gives them) or one URL (tests with one stand-in). */
type GatewayConfig = Pick<GatewayEnv, 'WEB_DIST_DIR' | 'CORS_ORIGINS' | 'RAZORPAY_CHECKOUT_SCRIPT_URL' | 'UPSTREAM_TIMEOUT_MS' | 'NODE_ENV'> &
  Record<UpstreamVariable, string | readonly string[]> &
  Partial<Pick<GatewayEnv, 'TRUSTED_PROXIES'>>;

const replicaList = (urls: string | readonly string[]): readonly string[] => (typeof urls === 'string' ? [urls] : urls);

type RequestListener = (req: IncomingMessage, res: ServerResponse, done?: (error?: unknown) => void) => void;

/**
 * The public app. Every request enters through the gateway's front (front.ts: timing, request id),
 * which hands an /api/* request to apiListener as a plain Node request (http-proxy-middleware takes
 * it as well as an Express one) and anything else to Express, which serves the SPA's pages and files
 * (security headers, compression, static serving, the app shell). Through Express's own pipeline
 * (its router, its request and response prototypes) a proxied call cost the gateway about twice the
 * CPU (decision 038).
 */
export function createGatewayApp(config: GatewayConfig, logger: Logger): Express {
  startProcessMetrics('gateway');
  const headers = securityHeaders(config.RAZORPAY_CHECKOUT_SCRIPT_URL, inlineScriptHashes(readHtmlFiles(config.WEB_DIST_DIR)), config.NODE_ENV === 'production');
  const answers = new GatewayAnswers(headers);

  const app = express();
  app.disable('x-powered-by');
  // Only the configured load balancers may say who the client is; anyone else's X-Forwarded-For is ignored.
  app.set('trust proxy', config.TRUSTED_PROXIES?.length ? config.TRUSTED_PROXIES : false);
  // Express's compiled form of that setting, for the API requests that never enter Express.
  const trust = app.get('trust proxy fn') as TrustProxy;
  app.use((_req, res, next) => {
    // Every page and file; the API's own answers get them from GatewayAnswers, a service's answer brings its own (proxy.ts).
    setHeaderList(res, headers);
    next();
  });
  app.use(compression());
  app.get('/alive', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  const upstreams = {
    checkout: replicaList(config.CHECKOUT_URL),
    payments: replicaList(config.PAYMENTS_URL),
    'admin-orders': replicaList(config.ADMIN_ORDERS_URL),
    notifications: replicaList(config.NOTIFICATIONS_URL),
  };
  app.use(spaRouter(config.WEB_DIST_DIR, photoPreload({ checkoutUrls: upstreams.checkout, logger })));

  const proxied: Record<ServiceName, readonly string[]> = { checkout: upstreams.checkout, payments: upstreams.payments, 'admin-orders': upstreams['admin-orders'] };
  const proxyOptions = { timeoutMs: config.UPSTREAM_TIMEOUT_MS, trust, answers, logger, onForwarded: untrustedProxyAlarm(trust, logger) };
  const proxies = Object.fromEntries(Object.entries(proxied).map(([service, urls]) => [service, createServiceProxy(service as ServiceName, urls, proxyOptions)])) as Record<
    ServiceName,
    ServiceProxy
  >;
  const api = apiListener({ upstreams, proxies, cors: corsAllowList(config.CORS_ORIGINS, answers), answers, logger });

  // Express's app is a request listener that hands every request to `app.handle`: the front takes
  // its place, and hands Express only the pages.
  const expressApp = app as unknown as { handle: RequestListener };
  expressApp.handle = gatewayFront({ api, pages: expressApp.handle.bind(app), logger });
  return app;
}
