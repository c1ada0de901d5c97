import PostalMime, { addressParser, decodeWords } from 'postal-mime';

/** What the inbox page, the API and the tests read of a message. */
export interface MessageFields {
  messageId: string | null;
  from: string;
  subject: string;
  text: string;
  html: string;
}

/** A message's header fields, known at once, and its text and HTML, decoded when first asked for. */
export interface ReadMessage {
  head: Omit<MessageFields, 'text' | 'html'>;
  body: () => Pick<MessageFields, 'text' | 'html'>;
}

/**
 * Reads a caught message. Every e-mail the shop sends is multipart/alternative with one UTF-8 plain
 * text part and one HTML part: for those only the header block is read on arrival (a few
 * microseconds) and the parts are decoded the first time someone looks, as postal-mime would decode
 * them (test/message.test.ts holds the two side by side). Parsing every message whole on arrival
 * was most of the catcher's CPU in a backlog of thousands of e-mails that nobody reads.
 * Anything else (attachments, other charsets or structures) is parsed by postal-mime on arrival,
 * as before.
 */
export async function readMessage(raw: Buffer, envelopeFrom: string): Promise<ReadMessage> {
  const simple = readAlternative(raw, envelopeFrom);
  if (simple) return simple;
  const parsed = await PostalMime.parse(raw);
  const fields: MessageFields = {
    messageId: parsed.messageId ?? null,
    from: parsed.from?.address ?? envelopeFrom,
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html ?? '',
  };
  const { text, html, ...head } = fields;
  return { head, body: () => ({ text, html }) };
}

interface Line {
  /** Where the line starts, and where its content ends (without the trailing CRs and the LF). */
  start: number;
  end: number;
  /** Where the next line starts. */
  next: number;
}

/** postal-mime's lines: up to each LF, without the CRs before it. */
function lineAt(raw: Buffer, start: number): Line {
  const lf = raw.indexOf(0x0a, start);
  const stop = lf < 0 ? raw.length : lf;
  let end = stop;
  while (end > start && raw[end - 1] === 0x0d) end--;
  return { start, end, next: lf < 0 ? raw.length : lf + 1 };
}

interface Header {
  key: string;
  value: string;
}

/**
 * A header block from `start` to its empty line: keys lowercased, values unfolded and trimmed as
 * postal-mime does. A part's block that runs into a boundary is not one the simple reading takes.
 */
function readHeaders(raw: Buffer, start: number, delimiter?: Buffer): { headers: Header[]; bodyStart: number } | undefined {
  const folded: string[][] = [];
  let position = start;
  while (position < raw.length) {
    const line = lineAt(raw, position);
    position = line.next;
    if (line.end === line.start) return { headers: folded.map(unfold), bodyStart: position };
    if (delimiter && boundaryLine(raw, line, delimiter)) return undefined;
    const text = raw.toString('utf8', line.start, line.end);
    if (folded.length && (text[0] === ' ' || text[0] === '\t')) folded[folded.length - 1]!.push(text);
    else folded.push([text]);
  }
  return undefined;
}

function unfold(parts: string[]): Header {
  const line = parts.join('');
  const colon = line.indexOf(':');
  const key = trimWsp(colon < 0 ? line : line.slice(0, colon)).toLowerCase();
  return { key, value: colon < 0 ? '' : trimWsp(line.slice(colon + 1).replace(/[\r\n]+/g, ' ')) };
}

const trimWsp = (value: string) => value.replace(/^[ \t]+|[ \t]+$/g, '');
const first = (headers: Header[], key: string) => headers.find((header) => header.key === key)?.value;

/** The value and parameters of a Content-Type, when written plainly (no comments, no RFC 2231 continuations). */
function contentType(value: string | undefined): { type: string; params: Map<string, string> } | undefined {
  if (value === undefined) return undefined;
  const [type, ...rest] = value.split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const match = /^\s*([a-z0-9-]+)=(?:"([^"\\]*)"|([^\s"()<>@,;:\\/[\]?=]+))\s*$/i.exec(param);
    if (!match) return undefined;
    params.set(match[1]!.toLowerCase(), match[2] ?? match[3]!);
  }
  return { type: type!.trim().toLowerCase(), params };
}

type Part = { kind: 'text' | 'html'; encoding: 'quoted-printable' | 'base64' | 'identity'; bodyStart: number; bodyEnd: number };

/** A multipart/alternative of exactly one UTF-8 text/plain and one text/html part, or undefined. */
function readAlternative(raw: Buffer, envelopeFrom: string): ReadMessage | undefined {
  const root = readHeaders(raw, 0);
  if (!root) return undefined;
  const type = contentType(first(root.headers, 'content-type'));
  const boundary = type?.type === 'multipart/alternative' ? type.params.get('boundary') : undefined;
  if (!boundary || !['7bit', '8bit', undefined].includes(first(root.headers, 'content-transfer-encoding')?.toLowerCase())) return undefined;

  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let open: { bodyStart: number; part: Omit<Part, 'bodyStart' | 'bodyEnd'> | undefined } | undefined;
  let closed = false;
  for (let position = root.bodyStart; position < raw.length && !closed; ) {
    const line = lineAt(raw, position);
    const marker = boundaryLine(raw, line, delimiter);
    if (!marker) {
      position = line.next;
      continue;
    }
    if (open) {
      if (!open.part) return undefined;
      parts.push({ ...open.part, bodyStart: open.bodyStart, bodyEnd: line.start });
    }
    if (marker === 'close') {
      closed = true;
      break;
    }
    const head = readHeaders(raw, line.next, delimiter);
    if (!head) return undefined;
    open = { bodyStart: head.bodyStart, part: describePart(head.headers) };
    position = head.bodyStart;
  }
  if (!closed || parts.length !== 2 || new Set(parts.map((part) => part.kind)).size !== 2) return undefined;

  const messageId = first(root.headers, 'message-id');
  const subject = first(root.headers, 'subject');
  const fromHeader = first(root.headers, 'from');
  const head = {
    messageId: messageId ? decodeWords(messageId) : null,
    from: (fromHeader ? addressParser(fromHeader)[0]?.address : undefined) ?? envelopeFrom,
    subject: subject ? decodeWords(subject) : '',
  };
  let decoded: Pick<MessageFields, 'text' | 'html'> | undefined;
  return {
    head,
    body: () =>
      (decoded ??= {
        text: decodePart(raw, parts.find((part) => part.kind === 'text')!),
        html: decodePart(raw, parts.find((part) => part.kind === 'html')!),
      }),
  };
}

/** 'part' or 'close' when the line is the boundary (trailing blanks allowed, RFC 2046). */
function boundaryLine(raw: Buffer, line: Line, delimiter: Buffer): 'part' | 'close' | undefined {
  const length = line.end - line.start;
  if (length < delimiter.length || raw.compare(delimiter, 0, delimiter.length, line.start, line.start + delimiter.length) !== 0) return undefined;
  let position = line.start + delimiter.length;
  const close = length >= delimiter.length + 2 && raw[position] === 0x2d && raw[position + 1] === 0x2d;
  if (close) position += 2;
  for (; position < line.end; position++) if (raw[position] !== 0x20 && raw[position] !== 0x09) return undefined;
  return close ? 'close' : 'part';
}

/** A text part the simple reading handles: UTF-8, inline, not flowed. */
function describePart(headers: Header[]): Omit<Part, 'bodyStart' | 'bodyEnd'> | undefined {
  const type = contentType(first(headers, 'content-type'));
  if (!type || !['text/plain', 'text/html'].includes(type.type) || type.params.get('charset')?.toLowerCase() !== 'utf-8' || type.params.has('format')) return undefined;
  const disposition = first(headers, 'content-disposition');
  if (disposition !== undefined && disposition.toLowerCase() !== 'inline') return undefined;
  const transfer = (first(headers, 'content-transfer-encoding') ?? '7bit').toLowerCase();
  const encoding = transfer === 'quoted-printable' ? 'quoted-printable' : transfer === 'base64' ? 'base64' : transfer === '7bit' || transfer === '8bit' ? 'identity' : undefined;
  if (!encoding) return undefined;
  return { kind: type.type === 'text/html' ? 'html' : 'text', encoding };
}

const utf8 = new TextDecoder('utf-8');

/** A part's content as postal-mime decodes it: each line and its LF (a quoted-printable soft break joins two). */
function decodePart(raw: Buffer, part: Part): string {
  if (part.encoding === 'base64') return utf8.decode(Buffer.from(raw.toString('latin1', part.bodyStart, part.bodyEnd), 'base64'));
  const out = Buffer.allocUnsafe(part.bodyEnd - part.bodyStart);
  let length = 0;
  for (let position = part.bodyStart; position < part.bodyEnd; ) {
    const line = lineAt(raw, position);
    position = line.next;
    let end = line.end;
    const softBreak = part.encoding === 'quoted-printable' && end > line.start && raw[end - 1] === 0x3d;
    if (softBreak) end--;
    for (let i = line.start; i < end; i++) {
      const byte = raw[i]!;
      if (part.encoding === 'quoted-printable' && byte === 0x3d && i + 2 < end) {
        const high = hexValue(raw[i + 1]!);
        const low = hexValue(raw[i + 2]!);
        if (high >= 0 && low >= 0) {
          out[length++] = (high << 4) | low;
          i += 2;
          continue;
        }
      }
      out[length++] = byte;
    }
    if (!softBreak) out[length++] = 0x0a;
  }
  return utf8.decode(out.subarray(0, length));
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}
