import type { ServerResponse } from 'node:http';
import { setHeaderList, type HeaderList } from '@pickles/service-kit';

/**
 * The gateway's own API answers (404, 413, 502, 504, the health aggregate, CORS refusals): JSON
 * written at once, never stored by a cache (like every API answer), with the security headers the
 * gateway sets on whatever it answers itself (a service's answer brings its own: proxy.ts).
 */
export class GatewayAnswers {
  constructor(readonly securityHeaders: HeaderList) {}

  json(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    setHeaderList(res, this.securityHeaders);
    res.writeHead(status, { 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }

  noContent(res: ServerResponse): void {
    setHeaderList(res, this.securityHeaders);
    res.writeHead(204);
    res.end();
  }

  /** A body the route streams to its service, sent without its length (in chunks). */
  lengthRequired(res: ServerResponse): void {
    this.json(res, 411, { success: false, error: 'Send this request with a Content-Length' });
  }

  /** The one answer to a body over its route's limit, whether announced by Content-Length or found while reading. */
  tooLarge(res: ServerResponse, message = 'Request body too large'): void {
    this.json(res, 413, { success: false, error: message });
  }
}
