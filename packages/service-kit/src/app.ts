import { randomUUID } from 'node:crypto';
import { IncomingMessage, type OutgoingHttpHeader, type ServerResponse } from 'node:http';
import express, { type Express, type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
// pino-http is no longer called, but its types still declare req.id and req.log.
import type {} from 'pino-http';
import type { Logger } from 'pino';
import { expressRoutePattern, metricsEndpoint, observeRequestDuration, startProcessMetrics, type ScrapeReading } from './metrics.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** `/api/admin/orders?search=x@y.in` -> `/api/admin/orders`. */
export function pathOnly(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

const REQUEST_ID_PATTERN = /^[\w-]{1,100}$/;

/** The caller's X-Request-Id when well-formed (the gateway sets it), else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

/** A request's route label for http_request_duration_seconds, named when its response closes. */
export type RouteOf = (req: Request) => string;

/**
 * What the shared front keeps about one request until its response closes: when it arrived and how
 * to name its route (request durations), and what its log line says. One object and one 'close'
 * listener per response, a plain function rather than a closure per request (timing and logging
 * each had their own listener and closure; logging had two).
 */
class RequestRecord {
  /** performance.now() at arrival; -1 when the request is not timed. */
  timedFrom = -1;
  /** A fixed route label, known on arrival (the gateway's), or ... */
  route: string | undefined = undefined;
  /** ... worked out when the response closes (an Express route is known only once it matched). */
  routeOf: RouteOf | undefined = undefined;
  /** Set when the request is logged. */
  logger: Logger | undefined = undefined;
  id = '';
  path = '';
  loggedFrom = 0;
  constructor(readonly req: IncomingMessage) {}
}

const RECORD = Symbol('requestRecord');
type RecordedResponse = ServerResponse & { [RECORD]?: RequestRecord };

function recordOf(req: IncomingMessage, res: ServerResponse): RequestRecord {
  const response = res as RecordedResponse;
  let record = response[RECORD];
  if (!record) {
    record = response[RECORD] = new RequestRecord(req);
    res.on('close', onResponseClose);
  }
  return record;
}

/**
 * A response closed (sent in full, or its client left first: `aborted`): its duration and its log
 * line. Logged at 'close' rather than 'finish', which comes first for a complete answer: one
 * listener covers both.
 */
function onResponseClose(this: RecordedResponse): void {
  const record = this[RECORD]!;
  const finished = this.writableFinished;
  if (record.timedFrom >= 0) {
    const route = record.route ?? record.routeOf!(record.req as Request);
    observeRequestDuration(record.req.method!, route, finished ? this.statusCode : 'aborted', (performance.now() - record.timedFrom) / 1000);
  }
  if (record.logger) logResponse(record, this.statusCode, finished);
}

function logResponse({ logger, id, req, path, loggedFrom }: RequestRecord, statusCode: number, finished: boolean): void {
  const failed = statusCode >= 500;
  if (!logger!.isLevelEnabled(failed ? 'error' : 'info')) return;
  const fields = { requestId: id, req: { id, method: req.method, url: path }, res: { statusCode }, responseTime: Date.now() - loggedFrom };
  if (failed) logger!.error({ ...fields, err: new Error(`failed with status code ${statusCode}`) }, 'request errored');
  else logger!.info(fields, finished ? 'request completed' : 'request aborted');
}

/**
 * Times the request into http_request_duration_seconds: from now (call it first thing) until its
 * response closes, under `route` (a label known now) or `routeOf(req)` (worked out at the end).
 */
export function timeRequest(req: IncomingMessage, res: ServerResponse, route: string | RouteOf): void {
  const record = recordOf(req, res);
  record.timedFrom = performance.now();
  if (typeof route === 'string') record.route = route;
  else record.routeOf = route;
}

/** Names the route of a request answered without an Express route (a middleware matching its path), for its duration's label. */
export function nameRoute(res: ServerResponse, route: string): void {
  const record = (res as RecordedResponse)[RECORD];
  if (record) record.route = route;
}

/**
 * Gives the request its id (`requestIdOf`: kept from the caller when well-formed, else new), echoed
 * in X-Request-Id, and with a logger, one log line when its response closes. Only method, path (no
 * query string), status and id are logged: never bodies, which carry addresses, nor headers, which
 * carry tokens and signatures. The line is built only when its level is enabled.
 */
export function identifyRequest(req: IncomingMessage, res: ServerResponse, logger?: Logger): string {
  const id = requestIdOf(req);
  req.id = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  if (logger) {
    const record = recordOf(req, res);
    record.logger = logger;
    record.id = id;
    record.path = pathOnly((req as Request).originalUrl ?? req.url!);
    record.loggedFrom = Date.now();
  }
  return id;
}

const BASE_LOGGER = Symbol('baseLogger');
const REQUEST_LOGGER = Symbol('requestLogger');
type LoggedRequest = Request & { [BASE_LOGGER]?: Logger; [REQUEST_LOGGER]?: Logger };

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

/**
 * Request logs with a request id (identifyRequest) for an Express app, and `req.log`, a child logger
 * carrying the id, made on first use (a getter on the app's request prototype, defined once): the
 * same lines pino-http wrote ("request completed" with req, res, responseTime and requestId), without
 * its two child loggers and serialised request per request (about a tenth of the gateway's CPU per
 * proxied call, measured with --cpu-prof).
 */
export function requestLogging(logger: Logger, ignore: (url: string) => boolean): RequestHandler {
  return (req, res, next) => {
    identifyRequest(req, res, ignore(req.url) ? undefined : logger);
    const request = req as LoggedRequest;
    request[BASE_LOGGER] = logger;
    const proto = Object.getPrototypeOf(req) as object;
    // Express gives each app its own request prototype; a bare IncomingMessage gets its own property.
    const owner = proto === IncomingMessage.prototype ? req : proto;
    if (!Object.prototype.hasOwnProperty.call(owner, 'log')) Object.defineProperty(owner, 'log', lazyRequestLogger);
    next();
  };
}

/**
 * What a service's app mounts first: request timing for every request (by Express route pattern),
 * and GET /metrics. Also names the process for the `service` label. One middleware rather than a
 * router of two: a mounted router costs its own matching on every request.
 */
export function serviceMetrics(service: string, { logger, readings = [] }: { logger: Logger; readings?: readonly ScrapeReading[] }): RequestHandler {
  startProcessMetrics(service);
  const endpoint = metricsEndpoint({ logger, readings });
  return (req, res, next) => {
    if ((req.method === 'GET' || req.method === 'HEAD') && pathOnly(req.url) === '/metrics') {
      timeRequest(req, res, '/metrics');
      Promise.resolve(endpoint(req, res, next)).catch(next);
      return;
    }
    timeRequest(req, res, expressRoutePattern);
    next();
  };
}

/** Response headers fixed at start-up: [name, value] pairs, set as they are. */
export type HeaderList = ReadonlyArray<readonly [string, string]>;

/**
 * helmet's headers for options without per-request values (no nonces), worked out once at start-up
 * by running helmet against a stand-in response. The headers are exactly helmet's.
 */
export function helmetHeaderList(options?: Parameters<typeof helmet>[0]): HeaderList {
  const set: Array<[string, string]> = [];
  const probe = {
    setHeader: (name: string, value: OutgoingHttpHeader) => void set.push([name, String(value)]),
    // helmet removes X-Powered-By, which no app of ours sets (x-powered-by is disabled).
    removeHeader: () => undefined,
  };
  let called = false;
  helmet(options)({} as Request, probe as unknown as ServerResponse, () => {
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously: its headers cannot be fixed in advance');
  return set;
}

export function setHeaderList(res: ServerResponse, headers: HeaderList): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}

/** helmet's headers (helmetHeaderList) set on every response with one loop, instead of a dozen nested middleware calls. */
export function fixedHelmetHeaders(options?: Parameters<typeof helmet>[0]): RequestHandler {
  const headers = helmetHeaderList(options);
  return (_req, res, next) => {
    setHeaderList(res, headers);
    next();
  };
}

/**
 * The common front of every service's Express app: its metrics (when given), request id (from the
 * gateway, or new), pino request logs carrying it, helmet, and JSON bodies up to `jsonLimit`. Routes
 * are added by the caller. `jsonLimit: false` leaves bodies to the routes, which parse them after
 * their own checks (admin-orders checks the token before it reads a byte of the body).
 */
export function createServiceApp(
  logger: Logger,
  { jsonLimit = '32kb', beforeJson = [], metrics }: { jsonLimit?: string | false; beforeJson?: RequestHandler[]; metrics?: RequestHandler } = {},
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
  if (jsonLimit !== false) app.use(express.json({ limit: jsonLimit }));
  return app;
}
