import type { IncomingMessage, ServerResponse } from 'node:http';

export const TOO_LARGE = Symbol('too large');
export const GONE = Symbol('client gone');

/**
 * Reads a request body whole, up to `limit` bytes, and calls `done` once: with the bytes, TOO_LARGE
 * beyond the limit (the rest is left for Node to discard), so a body announced by Content-Length or
 * sent in chunks is capped alike, or GONE when the client leaves before the end. Callbacks rather
 * than a promise: it runs for every proxied request with a body.
 */
export function readBody(req: IncomingMessage, limit: number, done: (body: Buffer | typeof TOO_LARGE | typeof GONE) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = (body: Buffer | typeof TOO_LARGE | typeof GONE) => {
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onGone);
    req.off('close', onClose);
    done(body);
  };
  const onData = (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
    else {
      finish(TOO_LARGE);
      req.resume();
    }
  };
  const onEnd = () => finish(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
  const onGone = () => finish(GONE);
  // 'close' before 'end': the connection went away mid-body.
  const onClose = () => {
    if (!req.complete) onGone();
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onGone);
  req.on('close', onClose);
}

/** The one answer to a body over its route's limit, whether announced by Content-Length or found while reading. */
export function refuseTooLarge(res: ServerResponse): void {
  res.writeHead(413, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ success: false, error: 'Request body too large' }));
}
