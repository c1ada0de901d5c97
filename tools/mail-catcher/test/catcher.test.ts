import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type RunningMailCatcher } from '../src/catcher.js';

/** The catcher end to end: SMTP in (pipelined, as nodemailer sends), the API, the inbox page and a message's page. */
const confirmation = readFileSync(path.join(import.meta.dirname, 'fixtures', 'order-confirmation.eml'));

let catcher: RunningMailCatcher;
let api: string;
beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
  api = `http://127.0.0.1:${catcher.httpPort}`;
});
afterAll(() => catcher.close());

/** One SMTP session: EHLO, then for each message MAIL, RCPT and DATA in one write, then its data. Returns every reply. */
async function smtpSession(messages: { to: string; raw: Buffer }[]): Promise<string[]> {
  const socket = net.connect(catcher.smtpPort, '127.0.0.1');
  const replies: string[] = [];
  let buffer = '';
  let waiting: { count: number; resolve: () => void } | undefined;
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    let end;
    while ((end = buffer.indexOf('\r\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (line[3] === '-') continue;
      replies.push(line);
      if (waiting && replies.length >= waiting.count) waiting.resolve();
    }
  });
  const until = (count: number) => new Promise<void>((resolve) => (replies.length >= count ? resolve() : (waiting = { count, resolve })));
  await until(1);
  socket.write('EHLO test\r\n');
  await until(2);
  for (const { to, raw } of messages) {
    socket.write(`MAIL FROM:<bounce@royalpickles.in>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
    await until(replies.length + 3);
    // The message ends with its line end, then the dot.
    socket.write(Buffer.concat([raw, Buffer.from('.\r\n')]));
    await until(replies.length + 1);
  }
  socket.end('QUIT\r\n');
  return replies;
}

describe('mail catcher', () => {
  it('answers a pipelined message, and lists it with its text and HTML through the API', async () => {
    const replies = await smtpSession([{ to: 'anjali.rao@example.in', raw: confirmation }]);
    expect(replies.map((reply) => reply.slice(0, 3))).toEqual(['220', '250', '250', '250', '354', '250']);
    const { messages } = (await (await fetch(`${api}/api/messages?subject=RP2026112600123`)).json()) as { messages: Record<string, unknown>[] };
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({ from: 'orders@royalpickles.in', to: ['anjali.rao@example.in'], subject: 'Your Royal Pickles order RP2026112600123 is confirmed', size: confirmation.length });
    expect(message!.text).toContain('Namaste Añjali Rāo "AR",\n');
    expect(message!.html).toContain('<!doctype html>');
    expect(await (await fetch(`${api}/api/messages/${message!.id as string}`)).json()).toEqual(message);
  });

  it('shows the inbox and a message, its HTML in a sandboxed frame', async () => {
    const inbox = await (await fetch(`${api}/`)).text();
    expect(inbox).toContain('Your Royal Pickles order RP2026112600123 is confirmed');
    const [message] = catcher.store.list({ to: 'anjali.rao@example.in' });
    const page = await (await fetch(`${api}/messages/${message!.id}`)).text();
    expect(page).toContain('<iframe sandbox srcdoc="');
    expect(page).toContain('Namaste Añjali Rāo &quot;AR&quot;,');
  });

  it('answers 421 while set down, and takes mail again once up', async () => {
    await fetch(`${api}/api/smtp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ down: true }) });
    try {
      const replies = await new Promise<string[]>((resolve) => {
        const socket = net.connect(catcher.smtpPort, '127.0.0.1');
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString('latin1');
          if (text.includes('220 ') && !text.includes('EHLO-sent')) {
            text += 'EHLO-sent';
            socket.write('EHLO test\r\nMAIL FROM:<a@example.in>\r\n');
          }
        });
        socket.on('close', () => resolve(text.split('\r\n').filter((line) => /^\d{3} /.test(line))));
      });
      expect(replies.at(-1)).toMatch(/^421 /);
    } finally {
      await fetch(`${api}/api/smtp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ down: false }) });
    }
    expect((await smtpSession([{ to: 'later@example.in', raw: confirmation }])).at(-1)).toMatch(/^250 /);
  });
});
