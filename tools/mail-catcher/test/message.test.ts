import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readMessage, type MessageFields } from '../src/message.js';

/**
 * The catcher reads the shop's e-mails (multipart/alternative, UTF-8 text and HTML) without
 * postal-mime and decodes their parts only when asked: what it reads must be what
 * postal-mime reads, for the shop's e-mails and for every variation of their shape it accepts.
 * Anything else goes to postal-mime as before.
 */
const fixtures = path.join(import.meta.dirname, 'fixtures');
const ENVELOPE_FROM = 'bounce@royalpickles.in';

/** Fixtures: the shop's confirmation, owner alert and a dispatch e-mail as notifications writes them, and nodemailer's MailComposer's rendering of the same confirmation. */
const shopMessages = readdirSync(fixtures)
  .filter((name) => name.endsWith('.eml'))
  .map((name) => [name, readFileSync(path.join(fixtures, name))] as const);

async function postalMime(raw: Buffer): Promise<MessageFields> {
  const parsed = await PostalMime.parse(raw);
  return { messageId: parsed.messageId ?? null, from: parsed.from?.address ?? ENVELOPE_FROM, subject: parsed.subject ?? '', text: parsed.text ?? '', html: parsed.html ?? '' };
}

async function read(raw: Buffer): Promise<MessageFields> {
  const { head, body } = await readMessage(raw, ENVELOPE_FROM);
  return { ...head, ...body() };
}

const confirmation = readFileSync(path.join(fixtures, 'order-confirmation.eml'), 'latin1');
const boundary = /boundary="([^"]+)"/.exec(confirmation)![1]!;
const [head = '', ...rest] = confirmation.split(`--${boundary}`);
/** The confirmation's two parts, their headers and bodies, to put together in other ways. */
const parts = rest.slice(0, 2).map((part) => {
  const [headers, body] = part.replace(/^\r\n/, '').split('\r\n\r\n', 2) as [string, string];
  return { headers, body: body.replace(/\r\n$/, '') };
});
const decodedParts = parts.map((part) => Buffer.from(part.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'));

function message({ top = head, preamble = '', epilogue = '', partList = parts, closing = `--${boundary}--` }: { top?: string; preamble?: string; epilogue?: string; partList?: { headers: string; body: string }[]; closing?: string } = {}): Buffer {
  return Buffer.from(`${top}${preamble}${partList.map((part) => `--${boundary}\r\n${part.headers}\r\n\r\n${part.body}\r\n`).join('')}${closing}\r\n${epilogue}`, 'latin1');
}

const base64Part = (index: number, lineLength = 76) => ({
  headers: parts[index]!.headers.replace('quoted-printable', 'base64'),
  body: Buffer.from(decodedParts[index]!, 'utf8').toString('base64').replace(new RegExp(`(.{${lineLength}})`, 'g'), '$1\r\n').replace(/\r\n$/, ''),
});

/** Variations of the shop's shape that the lazy reading takes; each must read as postal-mime reads it. */
const variations: [string, Buffer][] = [
  ['as sent', message()],
  ['html first, then text', message({ partList: [parts[1]!, parts[0]!] })],
  ['a preamble and an epilogue', message({ preamble: 'This is a multi-part message in MIME format.\r\n', epilogue: 'trailing words\r\n' })],
  ['blanks after the boundaries', Buffer.from(message({ closing: `--${boundary}--  \t` }).toString('latin1').replaceAll(`--${boundary}\r\n`, `--${boundary} \r\n`), 'latin1')],
  ['base64 parts', message({ partList: [base64Part(0), base64Part(1, 60)] })],
  ['7bit and 8bit parts', message({ partList: [{ headers: parts[0]!.headers.replace('quoted-printable', '7bit'), body: 'plain line\r\n.leading dot\r\nlast line' }, { headers: parts[1]!.headers.replace('quoted-printable', '8bit'), body: Buffer.from('<p>\u20b9 raw UTF-8</p>', 'utf8').toString('latin1') }] })],
  ['quoted-printable oddities', message({ partList: [{ headers: parts[0]!.headers, body: 'bad =ZZ escape, =4 short, lower =e2=82=b9, trailing blanks   \r\nsoft =\r\nbreak, equals at the end =' }, parts[1]!] })],
  ['an uppercase charset, a folded header and a tab', message({ top: head.replace('Content-Type: multipart', 'X-Folded: one\r\n\ttwo\r\nContent-Type: multipart'), partList: [{ headers: parts[0]!.headers.replace('charset=utf-8', 'charset="UTF-8"'), body: parts[0]!.body }, parts[1]!] })],
  ['bare LF line ends inside a part', message({ partList: [{ headers: parts[0]!.headers, body: 'one\ntwo\r\r\nthree' }, parts[1]!] })],
];

/** Messages of other shapes: postal-mime reads them on arrival. */
const others: [string, Buffer][] = [
  ['text only', Buffer.from('From: a@example.in\r\nTo: b@example.in\r\nSubject: Baseline\r\nMessage-ID: <t@x>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nBaseline message from the bench.\r\n')],
  ['another charset', message({ partList: [{ headers: parts[0]!.headers.replace('charset=utf-8', 'charset=iso-8859-1'), body: 'caf=E9' }, parts[1]!] })],
  ['an attachment', message({ partList: [parts[0]!, parts[1]!, { headers: 'Content-Type: text/plain; charset=utf-8\r\nContent-Disposition: attachment; filename="a.txt"', body: 'file' }] })],
  ['only one part', message({ partList: [parts[0]!] })],
  ['flowed text', message({ partList: [{ headers: parts[0]!.headers.replace('charset=utf-8', 'charset=utf-8; format=flowed'), body: 'soft \r\nwrapped' }, parts[1]!] })],
  ['no closing boundary', message({ closing: '' })],
  ['a nested multipart', message({ top: head.replace('multipart/alternative', 'multipart/mixed') })],
];

afterEach(() => vi.restoreAllMocks());

describe('the catcher reads a message', () => {
  it.each(shopMessages)('%s: as postal-mime does, without it', async (_name, raw) => {
    const expected = await postalMime(raw);
    const parse = vi.spyOn(PostalMime, 'parse');
    expect(await read(raw)).toEqual(expected);
    expect(parse).not.toHaveBeenCalled();
    expect(expected.text.length).toBeGreaterThan(100);
    expect(expected.html).toContain('</html>');
  });

  it.each(variations)('%s: as postal-mime does, without it', async (_name, raw) => {
    const expected = await postalMime(raw);
    const parse = vi.spyOn(PostalMime, 'parse');
    expect(await read(raw)).toEqual(expected);
    expect(parse).not.toHaveBeenCalled();
  });

  it.each(others)('%s: with postal-mime', async (_name, raw) => {
    const expected = await postalMime(raw);
    const parse = vi.spyOn(PostalMime, 'parse');
    expect(await read(raw)).toEqual(expected);
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('decodes the parts only when they are first read, and once', async () => {
    const raw = message();
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    const { head: fields, body } = await readMessage(raw, ENVELOPE_FROM);
    expect(fields.subject).toBe('Your Royal Pickles order RP2026112600123 is confirmed');
    expect(decode).not.toHaveBeenCalled();
    const first = body();
    expect(decode).toHaveBeenCalledTimes(2);
    expect(body()).toBe(first);
    expect(decode).toHaveBeenCalledTimes(2);
  });
});
