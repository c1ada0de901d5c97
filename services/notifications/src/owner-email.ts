import type { Logger } from 'pino';
import type { Db } from '@pickles/db';
import type { Mailer } from './clients/mailer.js';
import { EmailInFlightError, sendOnce, type EmailKind } from './db/sent-emails.js';
import type { RenderedEmail } from './emails/shopper.js';

/** What the owner's scheduled e-mails (daily summary, courier alert) need to be sent. */
export interface OwnerEmailDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  ownerEmail: string;
  shopUrl: string;
  mailDomain: string;
  sendLeaseMs?: number;
}

/**
 * Sends the owner one e-mail per kind and `dedupeKey`, however many replicas look (sent_emails);
 * 'in-flight' while another replica is sending it. `orderId` lists it on that order's page.
 */
export async function sendToOwnerOnce(
  deps: OwnerEmailDeps,
  { kind, dedupeKey, orderId }: { kind: EmailKind; dedupeKey: string; orderId?: string },
  email: RenderedEmail,
): Promise<'sent' | 'already-sent' | 'in-flight'> {
  try {
    return await sendOnce(deps.db, { ...(orderId ? { orderId } : {}), dedupeKey, kind, recipient: deps.ownerEmail, eventId: null }, () =>
      deps.mailer.send({ to: deps.ownerEmail, ...email, messageId: `<${dedupeKey}.${kind}@${deps.mailDomain}>` }),
      deps.sendLeaseMs,
    );
  } catch (error) {
    if (error instanceof EmailInFlightError) return 'in-flight';
    throw error;
  }
}
