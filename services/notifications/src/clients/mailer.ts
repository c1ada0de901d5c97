import nodemailer from 'nodemailer';

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

/** The only file that talks SMTP. */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
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
      const info = await transport.sendMail({ from, to: email.to, subject: email.subject, text: email.text, html: email.html, messageId: email.messageId });
      return { messageId: info.messageId };
    },
    verify: async () => {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}
