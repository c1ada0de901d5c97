import type { Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readMessage } from './message.js';
import type { MessageStore } from './store.js';

export interface SmtpControls {
  /** When true the server answers 421 to every message: an SMTP outage, for tests and demos. */
  down: boolean;
  /** Milliseconds to wait before answering MAIL FROM: a slow relay, for tests of senders dying mid-send. */
  delayMs?: number;
}

/**
 * Replies to one pipelined group leave in one segment. smtp-server writes each reply on its own, so a
 * client that pipelines MAIL, RCPT and DATA (nodemailer does) got three segments and three wake-ups
 * back for every message, more than the message itself cost; a real relay (Postfix, for
 * one) answers a pipelined group at once. The socket stays corked for two turns of the event loop:
 * smtp-server answers MAIL one turn before it reads RCPT. Same bytes, same order, a moment later.
 */
function coalesceWrites(socket: Socket): void {
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (!socket.writableCorked) {
      socket.cork();
      setImmediate(() => setImmediate(() => socket.uncork()));
    }
    return write(...args);
  }) as Socket['write'];
}

/** An SMTP server that accepts every message (no auth, no TLS: local use only) into the store. */
export function createSmtpServer(store: MessageStore, controls: SmtpControls): SMTPServer {
  const answerMailFrom = (callback: (error?: Error | null) => void) => {
    if (controls.down) {
      callback(Object.assign(new Error('Service not available (mail catcher is set to down)'), { responseCode: 421 }));
      return;
    }
    callback();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'Royal Pickles mail catcher',
    size: 10 * 1024 * 1024,
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (controls.delayMs) {
        setTimeout(() => answerMailFrom(callback), controls.delayMs);
        return;
      }
      answerMailFrom(callback);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        try {
          const raw = Buffer.concat(chunks);
          const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          store.add(await readMessage(raw, envelopeFrom), { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), size: raw.length });
          callback();
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  });
  server.server.on('connection', coalesceWrites);
  return server;
}
