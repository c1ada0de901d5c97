import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '@pickles/test-kit';
import { createSmtpPool, type SmtpPool } from '../src/clients/smtp-pool.js';

/**
 * A scripted SMTP server: PIPELINING, refuses recipients named "refused@…", and can drop the
 * connection after a message's data instead of answering it. It records what it saw.
 */
async function fakeSmtp({ dropAfterData = false }: { dropAfterData?: boolean } = {}) {
  const seen = { connections: 0, messages: [] as string[], dataSegments: [] as number[], rsets: 0, quits: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    seen.connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let segments = 0;
    let recipients = 0;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      if (inData) segments++;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          seen.messages.push(buffer.slice(0, end));
          seen.dataSegments.push(segments);
          buffer = buffer.slice(end + 5);
          inData = false;
          if (dropAfterData) {
            socket.destroy();
            return;
          }
          socket.write('250 queued\r\n');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') socket.write('250-fake\r\n250 PIPELINING\r\n');
        else if (command === 'MAIL') {
          recipients = 0;
          socket.write('250 sender ok\r\n');
        } else if (command === 'RCPT') {
          if (line.includes('refused@')) socket.write('550 no such user\r\n');
          else {
            recipients++;
            socket.write('250 recipient ok\r\n');
          }
        } else if (command === 'DATA' && !recipients) socket.write('554 no valid recipients\r\n');
        else if (command === 'DATA') {
          socket.write('354 go ahead\r\n');
          inData = true;
          segments = 0;
        } else if (command === 'RSET') {
          seen.rsets++;
          socket.write('250 reset\r\n');
        } else if (command === 'QUIT') {
          seen.quits++;
          socket.end('221 bye\r\n');
          return;
        } else socket.write('502 unknown\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    seen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const pools: SmtpPool[] = [];
const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const pool of pools.splice(0)) pool.close();
  for (const server of servers.splice(0)) await server.close();
});

function poolFor(port: number, options: { size?: number; idleMs?: number; maxMessages?: number } = {}) {
  const pool = createSmtpPool({
    connection: { host: '127.0.0.1', port, ignoreTLS: true, connectionTimeout: 2_000, greetingTimeout: 2_000, socketTimeout: 5_000 },
    size: options.size ?? 2,
    idleMs: options.idleMs ?? 1_000,
    maxMessages: options.maxMessages ?? 100,
  });
  pools.push(pool);
  return pool;
}

const message = (n: number) => Buffer.from(`Subject: ${n}\r\n\r\nBody ${n}\r\n.leading dot\r\n`);
const envelope = (to: string) => ({ from: 'orders@royalpickles.in', to: [to] });

describe('SMTP pool', () => {
  it('sends every message over at most `size` reused connections', async () => {
    const server = await fakeSmtp();
    servers.push(server);
    const pool = poolFor(server.port, { size: 2 });
    await Promise.all(Array.from({ length: 10 }, (_, n) => pool.send(envelope(`shopper${n}@example.in`), message(n))));
    expect(server.seen.connections).toBe(2);
    expect(server.seen.messages).toHaveLength(10);
    // Dot-stuffed by nodemailer on the way, as before.
    expect(server.seen.messages.every((text) => text.includes('\r\n..leading dot'))).toBe(true);
  });

  it('writes each message in two segments: the pipelined envelope, then the message with its ending', async () => {
    const server = await fakeSmtp();
    servers.push(server);
    const pool = poolFor(server.port, { size: 1 });
    await pool.send(envelope('first@example.in'), message(0));
    const write = vi.spyOn(net.Socket.prototype as unknown as { _write: () => void }, '_write');
    const writev = vi.spyOn(net.Socket.prototype as unknown as { _writev: () => void }, '_writev');
    for (let n = 1; n <= 5; n++) await pool.send(envelope(`shopper${n}@example.in`), message(n));
    const toServer = (contexts: unknown[]) => contexts.filter((socket) => (socket as net.Socket).remotePort === server.port).length;
    expect(toServer(write.mock.contexts) + toServer(writev.mock.contexts)).toBe(10);
  });

  it('closes a connection nobody used for idleMs, with QUIT', async () => {
    const server = await fakeSmtp();
    servers.push(server);
    const pool = poolFor(server.port, { idleMs: 200 });
    await pool.send(envelope('a@example.in'), message(1));
    const idleSince = Date.now();
    expect(pool.size).toBe(1);
    await eventually(async () => pool.size === 0, 5_000, 10);
    expect(Date.now() - idleSince).toBeGreaterThanOrEqual(200 - 5);
    await eventually(async () => server.seen.quits === 1, 5_000, 10);
    expect(server.seen.quits).toBe(1);
  });

  it('replaces a connection after maxMessages', async () => {
    const server = await fakeSmtp();
    servers.push(server);
    const pool = poolFor(server.port, { size: 1, maxMessages: 3 });
    for (let n = 0; n < 7; n++) await pool.send(envelope('a@example.in'), message(n));
    expect(server.seen.connections).toBe(3);
    expect(server.seen.messages).toHaveLength(7);
  });

  it('a refused recipient fails that send only; the connection is reset and reused', async () => {
    const server = await fakeSmtp();
    servers.push(server);
    const pool = poolFor(server.port, { size: 1 });
    await expect(pool.send(envelope('refused@example.in'), message(1))).rejects.toMatchObject({ responseCode: 550 });
    await pool.send(envelope('fine@example.in'), message(2));
    expect(server.seen.rsets).toBe(1);
    expect(server.seen.connections).toBe(1);
    expect(server.seen.messages).toHaveLength(1);
  });

  it('never sends a message again after its connection broke mid-send: the caller decides (sendOnce)', async () => {
    const server = await fakeSmtp({ dropAfterData: true });
    servers.push(server);
    const pool = poolFor(server.port, { size: 1 });
    await expect(pool.send(envelope('a@example.in'), message(1))).rejects.toThrow();
    expect(server.seen.messages).toHaveLength(1);
    expect(pool.size).toBe(0);
    // The next send opens a connection of its own.
    await expect(pool.send(envelope('b@example.in'), message(2))).rejects.toThrow();
    expect(server.seen.connections).toBe(2);
    expect(server.seen.messages).toHaveLength(2);
  });

  it('a sender waiting for a slot gets one when a connection cannot be made, and fails on its own', async () => {
    const closed = await fakeSmtp();
    const port = closed.port;
    await closed.close();
    const pool = poolFor(port, { size: 1 });
    const results = await Promise.allSettled([pool.send(envelope('a@example.in'), message(1)), pool.send(envelope('b@example.in'), message(2))]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(pool.size).toBe(0);
  });
});
