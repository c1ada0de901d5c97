import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

/** Errors a handler throws on purpose; the middleware turns them into `{ success: false, error }`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    // A caller's mistake (4xx) is answered and never logged with a stack: capturing one cost more
    // than the rest of the error's way to its answer (about 8 us of a 400's CPU).
    const stackTraceLimit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
  }
}
export class InvalidError extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, message, fields);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}
export class UpstreamError extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ success: false, error: 'Not found' });
};

/** PostgreSQL's connection errors (class 08), shutdowns (57P0x), too many connections; the drivers' own. */
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not currently accepting connections|the database system is (starting up|shutting down)|Connection is closed|MaxRetriesPerRequest|Stream isn't writeable/i;

/** Is this a dependency (PostgreSQL, Redis) that blinked, rather than a bug? */
export function isDependencyUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_CODES.has(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message);
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  // The request's own logger (carrying its id) only when a line is written: it is made on first use.
  const logFor = (req: unknown): Logger => (req as { log?: Logger }).log ?? logger;
  return (error, req, res, _next) => {
    if (isDependencyUnavailable(error)) {
      // Nothing was changed (the transaction did not commit); the caller may simply try again.
      logFor(req).warn({ err: error }, 'a dependency is unavailable');
      res.setHeader('Retry-After', '2');
      res.status(503).json({ success: false, error: 'The shop is briefly unavailable. Please try again in a moment.' });
      return;
    }
    if (error instanceof HttpError) {
      if (error instanceof TooManyRequestsError && error.retryAfterSeconds) {
        res.setHeader('Retry-After', String(error.retryAfterSeconds));
      }
      if (error.status >= 500) logFor(req).error({ err: error }, error.message);
      res.status(error.status).json({ success: false, error: error.message, ...(error.fields ? { fields: error.fields } : {}) });
      return;
    }
    // body-parser's own errors (malformed JSON, too large) carry a status and a type.
    const status = typeof error?.status === 'number' ? error.status : 500;
    if (status === 400 && error?.type === 'entity.parse.failed') {
      res.status(400).json({ success: false, error: 'Malformed JSON body' });
      return;
    }
    if (status === 413) {
      res.status(413).json({ success: false, error: 'Request body too large' });
      return;
    }
    if (status >= 400 && status < 500) {
      res.status(status).json({ success: false, error: 'Bad request' });
      return;
    }
    logFor(req).error({ err: error }, 'unhandled error');
    res.status(500).json({ success: false, error: 'Something went wrong on our side. Please try again.' });
  };
}
