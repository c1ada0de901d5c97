/**
 * Raw DEFLATE data and its CRC-32, as a zip entry holds them, compressed by the browser itself
 * (CompressionStream, native zlib: several times faster than deflate in JavaScript). A gzip member
 * (RFC 1952) is a small header, that DEFLATE data, and a trailer with the CRC-32 and size of the
 * original, so 'gzip' rather than 'deflate-raw' also gives the CRC without going over the bytes in JS.
 */

const FHCRC = 2;
const FEXTRA = 4;
const FNAME = 8;
const FCOMMENT = 16;
const TRAILER_BYTES = 8;

export interface Deflated {
  /** The raw DEFLATE data, in parts. */
  chunks: Uint8Array<ArrayBuffer>[];
  /** CRC-32 and byte count of the original. */
  crc: number;
  size: number;
}

/** Bytes in, compressed as they come; end() gives the DEFLATE data of everything written. */
export class StreamingDeflate {
  private readonly gzip = new CompressionStream('gzip');
  private readonly input = this.gzip.writable.getWriter();
  /** Read as it comes: an unread stream would stop taking input. */
  private readonly output = readAll(this.gzip.readable);
  private size = 0;

  constructor() {
    // A failure shows when end() awaits the output; until then it is not an unhandled rejection.
    this.output.catch(() => undefined);
  }

  /** Not awaited: the stream queues the bytes and compresses them whenever the page's code yields. */
  write(data: Uint8Array<ArrayBuffer>): void {
    this.size += data.length;
    this.input.write(data).catch(() => undefined);
  }

  async end(): Promise<Deflated> {
    this.input.close().catch(() => undefined);
    return { ...deflateOfGzip(await this.output), size: this.size };
  }
}

export async function deflate(data: Uint8Array<ArrayBuffer>): Promise<Deflated> {
  const stream = new StreamingDeflate();
  stream.write(data);
  return stream.end();
}

/** Every chunk of a byte stream. */
async function readAll(stream: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<Uint8Array<ArrayBuffer>[]> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return chunks;
    if (value.length) chunks.push(value);
  }
}

/** The first `count` bytes of the chunks (or fewer, if there are not as many), copied. */
function head(chunks: readonly Uint8Array<ArrayBuffer>[], count: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(count);
  let at = 0;
  for (const chunk of chunks) {
    if (at >= count) break;
    const part = chunk.subarray(0, count - at);
    out.set(part, at);
    at += part.length;
  }
  return out.subarray(0, at);
}

/** The bytes from `start` to `end` of the chunks, as views on them (no copy). */
function slice(chunks: readonly Uint8Array<ArrayBuffer>[], start: number, end: number): Uint8Array<ArrayBuffer>[] {
  const out: Uint8Array<ArrayBuffer>[] = [];
  let offset = 0;
  for (const chunk of chunks) {
    const from = Math.max(start - offset, 0);
    const to = Math.min(end - offset, chunk.length);
    if (from < to) out.push(chunk.subarray(from, to));
    offset += chunk.length;
  }
  return out;
}

/** Where the DEFLATE data starts: after the fixed ten bytes and whatever optional fields FLG announces. */
function headerLength(chunks: readonly Uint8Array<ArrayBuffer>[], total: number): number {
  // Optional fields are short when present (browsers write none): the first few kilobytes hold them.
  const bytes = head(chunks, 4096);
  if (bytes.length < 10 || bytes[0] !== 0x1f || bytes[1] !== 0x8b || bytes[2] !== 8) throw new Error('Not gzip DEFLATE data');
  const flags = bytes[3]!;
  let at = 10;
  if (flags & FEXTRA) at += 2 + (bytes[at]! | (bytes[at + 1]! << 8));
  for (const flag of [FNAME, FCOMMENT]) {
    if (!(flags & flag)) continue;
    while (at < bytes.length && bytes[at] !== 0) at++;
    at++;
  }
  if (flags & FHCRC) at += 2;
  if (at + TRAILER_BYTES > total || at > bytes.length) throw new Error('The gzip header is too long');
  return at;
}

/** The raw DEFLATE data of one gzip member, as views on its chunks, and the CRC-32 its trailer gives. */
export function deflateOfGzip(chunks: readonly Uint8Array<ArrayBuffer>[]): { chunks: Uint8Array<ArrayBuffer>[]; crc: number } {
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const start = headerLength(chunks, total);
  const trailer = head(slice(chunks, total - TRAILER_BYTES, total), 4);
  const crc = (trailer[0]! | (trailer[1]! << 8) | (trailer[2]! << 16) | (trailer[3]! << 24)) >>> 0;
  return { chunks: slice(chunks, start, total - TRAILER_BYTES), crc };
}
