import { randomUUID } from 'node:crypto';
import { IncomingMessage } from 'node:http';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
// pino-http is no longer called, but its types still declare req.id and req.log.
import type {} from 'pino-http';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'x-request-id';

/** `/api/admin/orders?search=x@y.in` -> `/api/admin/orders`. */
export function pathOnly(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

const REQUEST_ID_PATTERN = /^[\w-]{1,100}$/;
const BASE_LOGGER = Symbol('baseLogger');
const REQUEST_LOGGER = Symbol('requestLogger');
const PENDING_LINE = Symbol('pendingLogLine');

type LoggedRequest = Request & { [BASE_LOGGER]?: Logger; [REQUEST_LOGGER]?: Logger };
type LoggedResponse = Response & { [PENDING_LINE]?: { logger: Logger; id: string; method: string; url: string; started: number } };

/** `req.log`, made on first use: a child logger carrying the request id. */
const lazyRequestLogger: PropertyDescriptor = {
  configurable: true,
  get(this: LoggedRequest) {
    return (this[REQUEST_LOGGER] ??= this[BASE_LOGGER]!.child({ requestId: this.id }));
  },
  set(this: LoggedRequest, value: Logger) {
    this[REQUEST_LOGGER] = value;
  },
};

/** 'finish' or 'close' of a logged response, whichever comes first: one line. */
function logResponse(this: LoggedResponse): void {
  const line = this[PENDING_LINE];
  if (!line) return;
  this[PENDING_LINE] = undefined;
  const failed = this.statusCode >= 500;
  if (!line.logger.isLevelEnabled(failed ? 'error' : 'info')) return;
  const fields = { requestId: line.id, req: { id: line.id, method: line.method, url: line.url }, res: { statusCode: this.statusCode }, responseTime: Date.now() - line.started };
  if (failed) line.logger.error({ ...fields, err: new Error(`failed with status code ${this.statusCode}`) }, 'request errored');
  else line.logger.info(fields, this.writableFinished ? 'request completed' : 'request aborted');
}

/**
 * Request logs with a request id: the caller's X-Request-Id when well-formed (the gateway sets it),
 * else a new one, echoed in the response. Only method, path (no query string), status and id are
 * logged: never bodies, which carry addresses, nor headers, which carry tokens and signatures.
 *
 * The same lines pino-http wrote ("request completed" with req, res, responseTime and requestId),
 * without its per-request cost: pino-http made two child loggers per request and serialised the
 * request into them whether or not anything was logged (about a tenth of the gateway's CPU per
 * proxied call, measured with --cpu-prof). Here `req.log` is made on first use (a getter on the
 * app's request prototype, defined once), and a line is built only when its level is enabled.
 */
export function requestLogging(logger: Logger, ignore: (url: string) => boolean): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    const request = req as LoggedRequest;
    request[BASE_LOGGER] = logger;
    const proto = Object.getPrototypeOf(req) as object;
    // Express gives each app its own request prototype; a bare IncomingMessage gets its own property.
    const owner = proto === IncomingMessage.prototype ? req : proto;
    if (!Object.prototype.hasOwnProperty.call(owner, 'log')) Object.defineProperty(owner, 'log', lazyRequestLogger);
    if (!ignore(req.url)) {
      (res as LoggedResponse)[PENDING_LINE] = { logger, id, method: req.method, url: pathOnly(req.originalUrl ?? req.url), started: Date.now() };
      res.on('finish', logResponse);
      res.on('close', logResponse);
    }
    next();
  };
}

/**
 * helmet's headers for options without per-request values (no nonces): worked out once at start-up
 * by running helmet against a stand-in response, then set with one loop per request instead of a
 * dozen nested middleware calls. The headers are exactly helmet's.
 */
export function fixedHelmetHeaders(options?: Parameters<typeof helmet>[0]): RequestHandler {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const probe = {
    setHeader: (name: string, value: string) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let called = false;
  helmet(options)({} as Request, probe as unknown as Response, () => {
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously: its headers cannot be fixed in advance');
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/**
 * The common front of every service's Express app: its metrics (when given), request id (from the
 * gateway, or new), pino request logs carrying it, helmet, and JSON bodies up to `jsonLimit`. Routes
 * are added by the caller.
 */
export function createServiceApp(
  logger: Logger,
  { jsonLimit = '32kb', beforeJson = [], metrics }: { jsonLimit?: string; beforeJson?: RequestHandler[]; metrics?: RequestHandler } = {},
): Express {
  const app = express();
  app.disable('x-powered-by');
  // First, so request durations cover everything the service does (serviceMetrics: timing and GET /metrics).
  if (metrics) app.use(metrics);
  // Exactly one proxy hop is trusted: the gateway, which sets X-Forwarded-For to the client it saw
  // (services are reachable only from the gateway: 127.0.0.1 or the cluster's network policy).
  app.set('trust proxy', 1);
  // Health probes and Prometheus scrapes every few seconds would drown the log.
  app.use(requestLogging(logger, (url) => url === '/health' || url === '/alive' || url === '/metrics'));
  app.use(fixedHelmetHeaders());
  // Routes that must read their body raw (Razorpay's webhook signature covers the exact bytes).
  for (const handler of beforeJson) app.use(handler);
  app.use(express.json({ limit: jsonLimit }));
  return app;
}
