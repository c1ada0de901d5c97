import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per (order, kind): a resent duplicate carries the same Message-ID. */
  messageId: string;
}

export interface Mailer {
  send: (email: OutgoingEmail) => Promise<{ messageId?: string }>;
  verify: () => Promise<void>;
  close: () => void;
}

/** SMTP connections of a mailer that is not told (tests, scripts); the service sets SMTP_POOL_SIZE. */
export const DEFAULT_SMTP_POOL_SIZE = 5;

/**
 * The only file that talks SMTP. Connections are pooled and reused: a new connection per message
 * (TCP, greeting, EHLO, QUIT) cost more than the message itself and capped a backlog's drain at a
 * tenth of what the SMTP server takes (issue 18). Sends beyond `poolSize` wait for a free connection.
 */
export function createMailer(smtpUrl: string, from: string, { poolSize = DEFAULT_SMTP_POOL_SIZE }: { poolSize?: number } = {}): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: poolSize,
    // Kept open while there is work, closed a second after it: a rush reuses them, a quiet shop holds
    // nothing open at its relay (nor keeps a local catcher from closing).
    idleTimeout: 1_000,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // A local catcher on plain SMTP must not be forced into STARTTLS; real relays use smtps:// or advertise it.
    ignoreTLS: url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.searchParams.get('tls') === 'off',
    // Fail a send quickly while SMTP is down; the job's backoff handles the waiting.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (email) => {
      // Built whole before it goes out: streamed as nodemailer builds it, a message left in dozens of
      // small socket writes, the worker's largest CPU cost in a backlog (issue 18). Same bytes.
      // Quoted-printable, as nodemailer picks for mostly-Latin text anyway, without scanning every
      // message to decide.
      const message = new MailComposer({ from, to: email.to, subject: email.subject, text: email.text, html: email.html, messageId: email.messageId, textEncoding: 'quoted-printable' }).compile();
      const envelope = message.getEnvelope();
      await transport.sendMail({ envelope, raw: await message.build() });
      return { messageId: email.messageId };
    },
    verify: async () => {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}
