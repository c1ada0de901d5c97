import { buildMessage } from './mime.js';
import { createSmtpPool } from './smtp-pool.js';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per (order, kind): a resent duplicate carries the same Message-ID. */
  messageId: string;
  /** More headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send: (email: OutgoingEmail) => Promise<{ messageId?: string }>;
  close: () => void;
}

/** SMTP connections of a mailer that is not told (tests, scripts); the service sets SMTP_POOL_SIZE. */
export const DEFAULT_SMTP_POOL_SIZE = 5;

/**
 * The only file that talks SMTP. Connections are pooled and reused: a new connection per message
 * (TCP, greeting, EHLO, QUIT) cost more than the message itself and capped a backlog's drain at a
 * tenth of what the SMTP server takes. Sends beyond `poolSize` wait for a free connection.
 * Each message is built whole (mime.ts) and written to its connection as one buffer: nodemailer's
 * Mailer and MailComposer spent 1.3 ms of CPU per e-mail on streams around the same bytes.
 */
export function createMailer(smtpUrl: string, from: string, { poolSize = DEFAULT_SMTP_POOL_SIZE }: { poolSize?: number } = {}): Mailer {
  const url = new URL(smtpUrl);
  const pool = createSmtpPool({
    connection: {
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      // A local catcher on plain SMTP must not be forced into STARTTLS; real relays use smtps:// or advertise it.
      ignoreTLS: url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.searchParams.get('tls') === 'off',
      // Fail a send quickly while SMTP is down; the job's backoff handles the waiting.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    size: poolSize,
    // Kept open while there is work, closed a second after it: a rush reuses them, a quiet shop holds
    // nothing open at its relay (nor keeps a local catcher from closing).
    idleMs: 1_000,
    // nodemailer's default: many relays end a session after about a hundred messages.
    maxMessages: 100,
  });
  return {
    send: async (email) => {
      const { envelope, raw } = buildMessage({ from, to: email.to, subject: email.subject, text: email.text, html: email.html, messageId: email.messageId, ...(email.headers && { headers: email.headers }) });
      await pool.send(envelope, raw);
      return { messageId: email.messageId };
    },
    close: () => pool.close(),
  };
}
