import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import type { MessageStore } from './store.js';

export interface SmtpControls {
  /** When true the server answers 421 to every message: an SMTP outage, for tests and demos. */
  down: boolean;
  /** Milliseconds to wait before answering MAIL FROM: a slow relay, for tests of senders dying mid-send. */
  delayMs?: number;
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
  return new SMTPServer({
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
          const parsed = await PostalMime.parse(raw);
          store.add({
            messageId: parsed.messageId ?? null,
            from: parsed.from?.address ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
            size: raw.length,
          });
          callback();
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  });
}
