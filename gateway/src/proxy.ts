import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import type { Url as LegacyUrl } from 'node:url';
import type { NextFunction, Request, Response } from 'express';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '@pickles/service-kit';
import { GONE, readBody, refuseTooLarge, TOO_LARGE } from './body.js';
import { ReplicaPool } from './replicas.js';
import type { Route, ServiceName } from './routes.js';

const SERVICE_LABELS: Record<ServiceName, string> = {
  checkout: 'checkout',
  payments: 'payments',
  'admin-orders': 'admin orders',
};

/** Connection failures before any byte reached a replica: always safe to send elsewhere. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** Methods that change nothing (RFC 9110 §9.2.1): repeating them is harmless. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A request goes to at most this many replicas: the first, and one retry. */
const MAX_ATTEMPTS = 2;

/** One request's trips to the replicas. */
interface Attempts {
  route: Route;
  /** Replicas tried so far, the current one last. */
  tried: string[];
  /** The current replica's answer has begun: from then on nothing is retried. */
  answered: boolean;
  timedOut: boolean;
  next: NextFunction;
}

type ProxiedRequest = Request & { id?: string; upstream?: Attempts };

export type ServiceProxy = (req: Request, res: Response, next: NextFunction, route: Route) => void;

/**
 * http-proxy sends the body by piping `options.buffer ?? req` into the upstream request, and the
 * middleware takes no per-request options: a request whose body was read ahead (so a retry can send
 * it again) hands over its bytes whenever it is piped.
 */
function replayBodyWhenPiped(req: IncomingMessage, body: Buffer): void {
  req.headers['content-length'] = String(body.length);
  delete req.headers['transfer-encoding'];
  (req as { pipe: (destination: ClientRequest) => ClientRequest }).pipe = (destination) => destination.end(body);
}

/**
 * The headers the services rely on, set on the incoming request, whose headers http-proxy copies
 * into every upstream request it creates. Not in a proxyReq listener: that runs when the upstream
 * request gets its socket, which under load (every agent socket busy) can come after the request
 * was ended, and setting a header then throws.
 */
function setForwardingHeaders(req: ProxiedRequest): void {
  if (req.id) req.headers[REQUEST_ID_HEADER] = req.id;
  // The one client address the gateway believes, never appended to (xfwd is off).
  req.headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  req.headers['x-forwarded-proto'] = req.protocol;
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * A replica's URL as http-proxy takes a target (the fields of a legacy URL object it reads), made
 * once: given a string, http-proxy would parse it again for every request.
 */
function proxyTarget(replica: string): Partial<LegacyUrl> {
  const url = new URL(replica);
  return { protocol: url.protocol, host: url.host, hostname: url.hostname, port: url.port, path: url.pathname, href: url.href };
}

/**
 * Why a failed trip may be sent to another replica, or undefined when it may not. Never after the
 * replica began answering, never after the proxy timeout (the replica got the request and the
 * shopper already waited UPSTREAM_TIMEOUT_MS), never for a client that left. Otherwise: when the
 * request never reached the replica, or when it may have but is safe to repeat (a safe method, an
 * Idempotency-Key the service de-duplicates, or a route idempotent by design).
 */
function retryReason(error: NodeJS.ErrnoException, req: ProxiedRequest, res: Response, attempts: Attempts): string | undefined {
  if (attempts.answered || attempts.timedOut || res.headersSent || res.destroyed || attempts.tried.length >= MAX_ATTEMPTS) return undefined;
  if (NOT_REACHED.has(error.code ?? '')) return 'not reached';
  if (SAFE_METHODS.has(req.method)) return 'safe method';
  if (req.headers['idempotency-key']) return 'idempotency key';
  if (attempts.route.idempotent) return 'idempotent route';
  return undefined;
}

/**
 * One proxy per upstream service, spreading requests over its replicas in turn (ReplicaPool). A
 * trip that fails is sent once to another replica when that is safe (retryReason); otherwise a
 * refused connection answers a JSON 502, a slow service a JSON 504; other services are unaffected.
 * Request bodies are read ahead, up to the route's limit (413 beyond it), so a retry can send them
 * again. Keep-alive agents reuse upstream connections (without them every request opens a new
 * socket: about 620 req/s instead of about 2,000 measured here).
 */
export function createServiceProxy(service: ServiceName, urls: readonly string[], timeoutMs: number, logger: Logger): ServiceProxy {
  const replicas = new ReplicaPool(urls);
  const targets = new Map(urls.map((url) => [url, proxyTarget(url)]));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 });

  const failWith = (req: ProxiedRequest, res: Response, error: NodeJS.ErrnoException, attempts: Attempts) => {
    const status = attempts.timedOut || error.code === 'ETIMEDOUT' ? 504 : 502;
    logger.warn({ requestId: req.id, service, replicas: attempts.tried, code: error.code, status }, 'upstream failed');
    if (res.headersSent) {
      // The answer was cut off half-way: the client must see a broken answer, not a short one.
      res.destroy();
      return;
    }
    const message =
      status === 504
        ? `The ${SERVICE_LABELS[service]} service took too long to answer. Please try again.`
        : `The ${SERVICE_LABELS[service]} service is unavailable right now. Please try again shortly.`;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify({ success: false, error: message }));
  };

  const proxy = createProxyMiddleware({
    target: urls[0],
    // The replica chosen for this trip (send below).
    router: (req) => targets.get((req as ProxiedRequest).upstream!.tried.at(-1)!),
    agent,
    changeOrigin: false,
    // X-Forwarded-For is set (setForwardingHeaders) to the one client address the gateway believes.
    xfwd: false,
    proxyTimeout: timeoutMs,
    // The default plugins without loggerPlugin: it builds a URL and a message for every proxied
    // answer only to hand them to a logger that discards them (requests are logged by
    // requestLogging). debugProxyErrorsPlugin keeps a dropped client from crashing the gateway and
    // stops an upstream stream when its client leaves; proxyEventsPlugin wires up `on` below.
    ejectPlugins: true,
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
    on: {
      proxyReq: (proxyReq, req) => {
        const attempts = (req as ProxiedRequest).upstream!;
        proxyReq.on('timeout', () => {
          attempts.timedOut = true;
        });
      },
      proxyRes: (proxyRes, req, res) => {
        const attempts = (req as ProxiedRequest).upstream!;
        attempts.answered = true;
        // The replica went away half-way through its answer: the client must see a broken answer,
        // not wait for the rest forever (http-proxy only pipes the answer).
        proxyRes.once('close', () => {
          if (!proxyRes.complete) res.destroy();
        });
        // service-kit answers `Connection: close` while it drains before stopping: send it nothing new.
        if (proxyRes.headers.connection === 'close') replicas.avoid(attempts.tried.at(-1)!);
      },
      error: (error, req, res, target) => {
        const request = req as ProxiedRequest;
        const response = res as Response;
        const attempts = request.upstream!;
        const code = (error as NodeJS.ErrnoException).code;
        // A trip already given up on (its request may still report errors): the current one decides.
        if (target !== targets.get(attempts.tried.at(-1)!)) return;
        if (NOT_REACHED.has(code ?? '')) replicas.avoid(attempts.tried.at(-1)!);
        const reason = retryReason(error as NodeJS.ErrnoException, request, response, attempts);
        const other = reason ? replicas.pick(attempts.tried) : undefined;
        if (!other) {
          failWith(request, response, error as NodeJS.ErrnoException, attempts);
          return;
        }
        logger.warn({ requestId: request.id, service, replica: attempts.tried.at(-1), code, reason, retryOn: other }, 'upstream failed, retrying on another replica');
        send(request, response, other);
      },
    },
  });

  const send = (req: ProxiedRequest, res: Response, replica: string) => {
    const attempts = req.upstream!;
    attempts.tried.push(replica);
    attempts.answered = false;
    attempts.timedOut = false;
    void proxy(req, res, attempts.next);
  };

  return (req, res, next, route) => {
    const request = req as ProxiedRequest;
    request.upstream = { route, tried: [], answered: false, timedOut: false, next };
    setForwardingHeaders(request);
    const first = replicas.pick()!;
    if (!hasBody(req)) {
      send(request, res, first);
      return;
    }
    readBody(req, route.bodyLimit, (body) => {
      // The client went away mid-body: nobody is left to answer.
      if (body === GONE) return void res.destroy();
      if (body === TOO_LARGE) return refuseTooLarge(res);
      replayBodyWhenPiped(req, body);
      send(request, res, first);
    });
  };
}
