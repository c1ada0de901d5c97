import { randomUUID } from 'node:crypto';
import express, { type Express, type Request, type RequestHandler } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'x-request-id';

/** `/api/admin/orders?search=x@y.in` -> `/api/admin/orders`. */
export function pathOnly(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Request logs with a request id: the caller's X-Request-Id when well-formed (the gateway sets it),
 * else a new one, echoed in the response. Only method, path (no query string), status and id are
 * logged: never bodies, which carry addresses, nor headers, which carry tokens and signatures.
 */
export function requestLogging(logger: Logger, ignore: (url: string) => boolean): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers[REQUEST_ID_HEADER];
      const id = typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customProps: (req) => ({ requestId: (req as Request & { id: string }).id }),
    autoLogging: { ignore: (req) => ignore(req.url ?? '') },
    serializers: {
      // The path without its query string: admin searches carry e-mails and phone numbers.
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: pathOnly(req.url) }),
    },
  });
}

/**
 * The common front of every service's Express app: request id (from the gateway, or new), pino
 * request logs carrying it, helmet, and JSON bodies up to `jsonLimit`. Routes are added by the caller.
 */
export function createServiceApp(
  logger: Logger,
  { jsonLimit = '32kb', beforeJson = [] }: { jsonLimit?: string; beforeJson?: RequestHandler[] } = {},
): Express {
  const app = express();
  app.disable('x-powered-by');
  // Exactly one proxy hop is trusted: the gateway, which sets X-Forwarded-For to the client it saw
  // (services are reachable only from the gateway: 127.0.0.1 or the cluster's network policy).
  app.set('trust proxy', 1);
  // Health probes every few seconds would drown the log.
  app.use(requestLogging(logger, (url) => url === '/health' || url === '/alive'));
  app.use(helmet());
  // Routes that must read their body raw (Razorpay's webhook signature covers the exact bytes).
  for (const handler of beforeJson) app.use(handler);
  app.use(express.json({ limit: jsonLimit }));
  return app;
}
