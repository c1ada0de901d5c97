import type { IncomingMessage } from 'node:http';

export const TOO_LARGE = Symbol('too large');
export const GONE = Symbol('client gone');

export type BodyOutcome = Buffer | typeof TOO_LARGE | typeof GONE;

/** One body being read: the listeners below are plain functions, shared by every request, that find it on the request. */
class BodyRead {
  chunks: Buffer[] = [];
  size = 0;
  done = false;
  constructor(
    readonly limit: number,
    readonly whenRead: (body: BodyOutcome) => void,
  ) {}

  finish(body: BodyOutcome): void {
    if (this.done) return;
    this.done = true;
    this.whenRead(body);
  }
}

const READ = Symbol('bodyRead');
type ReadRequest = IncomingMessage & { [READ]?: BodyRead };

function onData(this: ReadRequest, chunk: Buffer): void {
  const read = this[READ]!;
  if (read.done) return;
  read.size += chunk.length;
  if (read.size <= read.limit) read.chunks.push(chunk);
  // The rest flows on to be discarded by Node.
  else read.finish(TOO_LARGE);
}

function onEnd(this: ReadRequest): void {
  const read = this[READ]!;
  read.finish(read.chunks.length === 1 ? read.chunks[0]! : Buffer.concat(read.chunks, read.size));
}

/** 'close' before 'end': the connection went away mid-body (an error on the request closes it too). */
function onClose(this: ReadRequest): void {
  if (!this.complete) this[READ]!.finish(GONE);
}

/**
 * Reads a request body whole, up to `limit` bytes, and calls `whenRead` once: with the bytes,
 * TOO_LARGE beyond the limit (the rest is left for Node to discard), so a body announced by
 * Content-Length or sent in chunks is capped alike, or GONE when the client leaves before the end.
 * Callbacks rather than a promise, and listeners shared by every request rather than closures made
 * for each: it runs for every proxied request with a body. The listeners stay (a finished read
 * ignores them) rather than being removed one by one. Without an 'error' listener, Node reports a
 * dropped request by 'close' alone.
 */
export function readBody(req: IncomingMessage, limit: number, whenRead: (body: BodyOutcome) => void): void {
  (req as ReadRequest)[READ] = new BodyRead(limit, whenRead);
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('close', onClose);
}
