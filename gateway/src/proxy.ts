import http, { type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Url as LegacyUrl } from 'node:url';
import { createProxyMiddleware, type Plugin } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER, setHeaderList } from '@pickles/service-kit';
import type { GatewayAnswers } from './answers.js';
import { GONE, readBody, TOO_LARGE, type BodyOutcome } from './body.js';
import { clientAddress, clientProtocol, type TrustProxy } from './client.js';
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
class Attempts {
  /** Replicas tried so far, the current one last. */
  readonly tried: string[] = [];
  /** The current replica's answer has begun: from then on nothing is retried. */
  answered = false;
  timedOut = false;

  constructor(
    readonly route: Route,
    /** What http-proxy-middleware calls if preparing a trip throws: answered like a failed trip. */
    readonly fail: (error: Error) => void,
  ) {}

  get current(): string {
    return this.tried.at(-1)!;
  }
}

/** The request's Attempts, on the client's request and on each upstream request made for it. */
const ATTEMPTS = Symbol('attempts');
/** The replica's answer being passed on, on the client's response. */
const UPSTREAM_ANSWER = Symbol('upstreamAnswer');
type ProxiedRequest = IncomingMessage & { [ATTEMPTS]?: Attempts };
type UpstreamRequest = ClientRequest & { [ATTEMPTS]?: Attempts };
type ProxiedResponse = ServerResponse & { [UPSTREAM_ANSWER]?: IncomingMessage };
const attemptsOf = (req: IncomingMessage): Attempts => (req as ProxiedRequest)[ATTEMPTS]!;

export type ServiceProxy = (req: IncomingMessage, res: ServerResponse, route: Route) => void;

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
function setForwardingHeaders(req: IncomingMessage, trust: TrustProxy): void {
  // The gateway's front gave it (front.ts, service-kit's identifyRequest).
  req.headers[REQUEST_ID_HEADER] = String(req.id);
  // The one client address the gateway believes, never appended to (xfwd is off).
  req.headers['x-forwarded-for'] = clientAddress(req, trust);
  req.headers['x-forwarded-proto'] = clientProtocol(req, trust);
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
function retryReason(error: NodeJS.ErrnoException, req: IncomingMessage, res: ServerResponse, attempts: Attempts): string | undefined {
  if (attempts.answered || attempts.timedOut || res.headersSent || res.destroyed || attempts.tried.length >= MAX_ATTEMPTS) return undefined;
  // A streamed body went to the first replica as it arrived: there is none left to send again.
  if (attempts.route.streamBody && hasBody(req)) return undefined;
  if (NOT_REACHED.has(error.code ?? '')) return 'not reached';
  if (SAFE_METHODS.has(req.method!)) return 'safe method';
  if (req.headers['idempotency-key']) return 'idempotency key';
  if (attempts.route.idempotent) return 'idempotent route';
  return undefined;
}

/** A client that goes away stops the replica's answer too (an export can be long). */
function stopUpstreamWhenClientLeaves(this: ProxiedResponse): void {
  if (!this.writableEnded) this[UPSTREAM_ANSWER]?.destroy();
}

/** Answers up to this size are read whole and written at once; larger ones, and those of unknown length, stream. */
const WHOLE_ANSWER_BYTES = 64 * 1024;

class WholeAnswer {
  chunks: Buffer[] = [];
  constructor(readonly res: ServerResponse) {}
}
const WHOLE = Symbol('wholeAnswer');
type UpstreamAnswer = IncomingMessage & { [WHOLE]?: WholeAnswer };

function onWholeAnswerData(this: UpstreamAnswer, chunk: Buffer): void {
  this[WHOLE]!.chunks.push(chunk);
}

function onWholeAnswerEnd(this: UpstreamAnswer): void {
  const { res, chunks } = this[WHOLE]!;
  res.end(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

/**
 * The replica's answer to the client (the middleware's selfHandleResponse): status and headers as
 * http-proxy's outgoing passes would set them, then the body. A small answer of known length (every
 * JSON answer) is read whole and written with its headers in one go: piping it cost a turn of the
 * stream machinery per chunk and at the end, about a tenth of the gateway's CPU per call. Larger
 * answers and streams (exports, invoices) are piped as they come.
 */
function passOn(proxyRes: IncomingMessage, req: IncomingMessage, res: ServerResponse): void {
  const headers = proxyRes.headers;
  // The service answered before the client finished sending a streamed body (a bulk action refused
  // for its token): the rest is never read, so the connection cannot carry another request.
  if (!req.complete) headers.connection = 'close';
  // http-proxy's removeChunked and setConnection: an HTTP/1.0 client gets neither chunks nor keep-alive unasked.
  else if (req.httpVersion === '1.0') {
    delete headers['transfer-encoding'];
    headers.connection = req.headers.connection || 'close';
  } else if (!headers.connection) headers.connection = req.headers.connection || 'keep-alive';
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) res.setHeader(name, value);
  }
  res.statusCode = proxyRes.statusCode!;
  if (proxyRes.statusMessage) res.statusMessage = proxyRes.statusMessage;
  const length = Number(headers['content-length'] ?? Number.NaN);
  if (!(length <= WHOLE_ANSWER_BYTES)) {
    proxyRes.pipe(res);
    return;
  }
  (proxyRes as UpstreamAnswer)[WHOLE] = new WholeAnswer(res);
  proxyRes.on('data', onWholeAnswerData);
  proxyRes.on('end', onWholeAnswerEnd);
}

/** Writing to a response whose client left must not take the gateway down; the request's close says enough. */
function ignoreResponseError(): void {}

/** No byte from the replica for UPSTREAM_TIMEOUT_MS: http-proxy aborts the trip, and the error that follows answers the 504. */
function markTimedOut(this: UpstreamRequest): void {
  this[ATTEMPTS]!.timedOut = true;
}

export interface ProxyOptions {
  timeoutMs: number;
  trust: TrustProxy;
  /** Sees every request before its client is worked out (the untrusted proxy alarm). */
  onForwarded?: (req: IncomingMessage) => void;
  answers: GatewayAnswers;
  logger: Logger;
}

/**
 * One proxy per upstream service, spreading requests over its replicas in turn (ReplicaPool). A
 * trip that fails is sent once to another replica when that is safe (retryReason); otherwise a
 * refused connection answers a JSON 502, a slow service a JSON 504; other services are unaffected.
 * Request bodies are read ahead, up to the route's limit (413 beyond it), so a retry can send them
 * again. Keep-alive agents reuse upstream connections (without them every request opens a new
 * socket: about 620 req/s instead of about 2,000 measured here).
 */
export function createServiceProxy(service: ServiceName, urls: readonly string[], { timeoutMs, trust, answers, logger, onForwarded }: ProxyOptions): ServiceProxy {
  const replicas = new ReplicaPool(urls);
  const targets = new Map(urls.map((url) => [url, proxyTarget(url)]));
  // Idle upstream sockets close after UPSTREAM_TIMEOUT_MS, the same timeout as a trip's
  // (proxyTimeout below): the socket's timer is then left as it is when the socket goes back to the
  // pool, instead of being set once more for every request. Shorter than service-kit's
  // keepAliveTimeout (65 s), so the gateway closes an idle connection first.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: timeoutMs });

  const failWith = (req: IncomingMessage, res: ServerResponse, error: NodeJS.ErrnoException, attempts: Attempts) => {
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
    answers.json(res, status, { success: false, error: message });
  };

  const onError = (error: Error, req: IncomingMessage, res: ServerResponse | import('node:net').Socket, target?: unknown) => {
    const response = res as ServerResponse;
    const attempts = attemptsOf(req);
    const code = (error as NodeJS.ErrnoException).code;
    // A trip already given up on (its request may still report errors): the current one decides.
    if (target !== targets.get(attempts.current)) return;
    if (NOT_REACHED.has(code ?? '')) replicas.avoid(attempts.current);
    const reason = retryReason(error as NodeJS.ErrnoException, req, response, attempts);
    const other = reason ? replicas.pick(attempts.tried) : undefined;
    if (!other) {
      failWith(req, response, error as NodeJS.ErrnoException, attempts);
      return;
    }
    logger.warn({ requestId: req.id, service, replica: attempts.current, code, reason, retryOn: other }, 'upstream failed, retrying on another replica');
    send(req, response, other);
  };

  /**
   * The middleware's default plugins replaced by what they did that this gateway needs, with
   * listeners shared by every request: its logger plugin built a URL and a message for every answer
   * only to discard them (requests are logged by service-kit), its error plugin answered in plain
   * text (failWith answers JSON). A dropped client cannot crash the gateway (ignoreResponseError) and
   * stops the replica's answer (stopUpstreamWhenClientLeaves), as debugProxyErrorsPlugin did.
   */
  const gatewayPlugin: Plugin = (proxyServer) => {
    proxyServer.on('proxyReq', (proxyReq, req, res) => {
      (proxyReq as UpstreamRequest)[ATTEMPTS] = attemptsOf(req);
      proxyReq.on('timeout', markTimedOut);
      res.on('error', ignoreResponseError);
    });
    proxyServer.on('proxyRes', (proxyRes, req, res) => {
      const attempts = attemptsOf(req);
      attempts.answered = true;
      (res as ProxiedResponse)[UPSTREAM_ANSWER] = proxyRes;
      res.on('close', stopUpstreamWhenClientLeaves);
      // The replica went away half-way through its answer: the client must see a broken answer,
      // not wait for the rest forever (http-proxy only pipes the answer).
      proxyRes.once('close', () => {
        if (!proxyRes.complete) res.destroy();
      });
      const headers = proxyRes.headers;
      // service-kit answers `Connection: close` while it drains before stopping: send it nothing new.
      if (headers.connection === 'close') replicas.avoid(attempts.current);
      // Every service's answer carries service-kit's helmet headers, which the gateway passes on as
      // they are; one that came without them gets the gateway's (set before http-proxy copies the
      // service's headers, which take precedence).
      if (headers['x-content-type-options'] === undefined) setHeaderList(res, answers.securityHeaders);
      passOn(proxyRes, req, res);
    });
    proxyServer.on('error', onError);
  };

  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: urls[0],
    // The replica chosen for this trip (send below).
    router: (req) => targets.get(attemptsOf(req).current),
    agent,
    changeOrigin: false,
    // X-Forwarded-For is set (setForwardingHeaders) to the one client address the gateway believes.
    xfwd: false,
    proxyTimeout: timeoutMs,
    // The answer is written by passOn (the proxyRes listener above).
    selfHandleResponse: true,
    ejectPlugins: true,
    plugins: [gatewayPlugin],
  });

  const send = (req: IncomingMessage, res: ServerResponse, replica: string) => {
    const attempts = attemptsOf(req);
    attempts.tried.push(replica);
    attempts.answered = false;
    attempts.timedOut = false;
    void proxy(req, res, attempts.fail);
  };

  const whenBodyRead = (req: IncomingMessage, res: ServerResponse, body: BodyOutcome) => {
    // The client went away mid-body: nobody is left to answer.
    if (body === GONE) return void res.destroy();
    if (body === TOO_LARGE) return answers.tooLarge(res);
    replayBodyWhenPiped(req, body);
    send(req, res, replicas.pick()!);
  };

  return (req, res, route) => {
    (req as ProxiedRequest)[ATTEMPTS] = new Attempts(route, (error) => failWith(req, res, error, attemptsOf(req)));
    onForwarded?.(req);
    setForwardingHeaders(req, trust);
    if (!hasBody(req)) return send(req, res, replicas.pick()!);
    if (route.streamBody) {
      // Its length was checked against the route's limit before (api.ts); piped by http-proxy.
      if (req.headers['content-length'] === undefined) return answers.lengthRequired(res);
      return send(req, res, replicas.pick()!);
    }
    readBody(req, route.bodyLimit, (body) => whenBodyRead(req, res, body));
  };
}
