import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { identifyRequest, pathOnly, timeRequest } from '@pickles/service-kit';
import { apiPathOf } from './api.js';
import { gatewayRoute } from './metrics.js';

type Done = (error?: unknown) => void;

export interface FrontOptions {
  /** /api/* (apiListener): a plain Node handler, never Express (decisions 016 and 038). */
  api: (req: IncomingMessage, res: ServerResponse, path: string) => void;
  /** Everything else: the SPA's pages and files, and /alive (Express's own `app.handle`). */
  pages: (req: IncomingMessage, res: ServerResponse, done?: Done) => void;
  logger: Logger;
}

/**
 * The gateway's one way in: every request, API call or page, passes here first. What every answer
 * needs is done here, once for both: its duration by route label (first, so it covers all the
 * gateway does; GET /metrics is on METRICS_PORT, never here) and its request id, echoed in
 * X-Request-Id and passed on to the services. Then the request goes to the API's handler or to
 * Express, never both. A concern every answer must have goes here, not into either handler, where
 * the other kind of request would never see it.
 */
export function gatewayFront({ api, pages, logger }: FrontOptions): (req: IncomingMessage, res: ServerResponse, done?: Done) => void {
  return (req, res, done) => {
    const apiPath = apiPathOf(req.url!);
    timeRequest(req, res, gatewayRoute(apiPath ?? pathOnly(req.url!)));
    // API calls are logged; pages and files are not, nor the health aggregate, which probes poll
    // (its lines would drown the others).
    identifyRequest(req, res, apiPath === undefined || apiPath === '/api/health' ? undefined : logger);
    if (apiPath === undefined) pages(req, res, done);
    else api(req, res, apiPath);
  };
}
