import { sql, type Db } from '@pickles/db';
import type { ComplaintUpdateKind, ShopperUpdateKind } from '@pickles/shared';
import { emailsFailed, emailsSent } from '../metrics.js';
import { perDb, together } from './together.js';

/**
 * A complaint's e-mails (complaint.updated), each unique per (kind, complaint id as the dedupe key): the
 * shopper's is named after the event's kind (the sweeper relies on it), plus the owner's alert.
 */
export type ComplaintEmailKind = `complaint-${ComplaintUpdateKind}` | 'complaint-owner-alert';

/** `sent_emails.kind`; a shopper update is recorded under its event kind ("dispatched", "refund-started", ...). */
/** The "next batch" e-mails (decision 029): the confirmation of a sign-up (keyed by subscriber and attempt) and the batch-ready one (keyed by subscriber). */
export type BatchEmailKind = 'batch-confirm' | 'batch-ready';

export type EmailKind = 'order-confirmation' | 'owner-alert' | 'owner-attention' | 'owner-daily-summary' | 'owner-courier-waiting' | ShopperUpdateKind | ComplaintEmailKind | BatchEmailKind;

/**
 * What an e-mail is about, which decides what makes it unique: an order (its confirmation and alert:
 * one per order and kind), a payment attention item (one per item and kind), or a `dedupeKey` (one
 * per kind and key: a refund's e-mails, each resent confirmation, the owner's summary of a day). An
 * e-mail with a dedupe key may still name its order, so the order page lists it.
 */
export type EmailSubject = { orderId: string; dedupeKey?: string } | { attentionId: string } | { dedupeKey: string };

/** The e-mail sendOnce is asked to send: what it is about, its kind, who gets it and the event behind it. */
export type EmailKey = EmailSubject & { kind: EmailKind; recipient: string; eventId: string | null };

/** Another delivery holds the claim right now; the job retries after its backoff. */
export class EmailInFlightError extends Error {}

/** How long a claim keeps other deliveries away unless its sender renews it (every third of it). */
export const DEFAULT_SEND_LEASE_MS = 10_000;

/**
 * Sends an e-mail at most once per (order or attention item, kind), or per (kind, dedupe key) when
 * the key is given, holding no transaction across
 * the SMTP call (decision 008):
 * 1. claim: a committed `sending` row with a short lease (or take over a lease that ran out: its
 *    sender died); a `sent` row means done, a live lease means another delivery is at it;
 * 2. send, renewing the lease while the SMTP conversation lasts, so a dead sender's claim frees up
 *    within one lease and its retry goes out within seconds;
 * 3. mark `sent`, retried a few times so a database blip right after the SMTP server accepted the
 *    message does not lead to a second one. A failed send gives the claim up at once.
 * The only window for a duplicate is a sender that dies (or loses the database for longer than the
 * lease) between the SMTP server's acceptance and step 3; the deterministic Message-ID lets mail
 * systems fold it.
 */
export async function sendOnce(db: Db, key: EmailKey, send: () => Promise<{ messageId?: string }>, leaseMs?: number): Promise<'sent' | 'already-sent'>;
export async function sendOnce(
  db: Db,
  key: EmailKey,
  send: () => Promise<{ messageId?: string }>,
  leaseMs: number | undefined,
  decide: (() => Promise<'send' | 'superseded'>) | undefined,
): Promise<'sent' | 'already-sent' | 'superseded'>;
export async function sendOnce(
  db: Db,
  key: EmailKey,
  send: () => Promise<{ messageId?: string }>,
  leaseMs = DEFAULT_SEND_LEASE_MS,
  /**
   * Asked once the claim is held (so a twin e-mail deciding at the same time sees it): 'superseded'
   * records the e-mail as not to be sent, for good; a throw gives the claim up and fails the delivery.
   */
  decide?: () => Promise<'send' | 'superseded'>,
): Promise<'sent' | 'already-sent' | 'superseded'> {
  const lease = sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;
  const subject = claimSubject(key);
  let claimId = await statementsOf(db).claim({
    subjectKey: `${subject.column}:${subject.id}:${key.kind}`,
    row: {
      order_id: 'orderId' in key ? key.orderId : null,
      attention_id: 'attentionId' in key ? key.attentionId : null,
      dedupe_key: subject.column === 'dedupe_key' ? subject.id : null,
      kind: key.kind,
      recipient: key.recipient,
      event_id: key.eventId,
    },
    leaseMs,
  });
  if (!claimId) {
    const takenOver = await db
      .updateTable('sent_emails')
      .set({ lease_until: lease, event_id: key.eventId })
      .where(subject.column, '=', subject.id)
      .where('kind', '=', key.kind)
      .where(withoutDedupeKey(subject.column))
      .where('state', '=', 'sending')
      .where('lease_until', '<', sql<Date>`now()`)
      .returning('id')
      .executeTakeFirst();
    if (!takenOver) {
      const row = await db
        .selectFrom('sent_emails')
        .select('state')
        .where(subject.column, '=', subject.id)
        .where('kind', '=', key.kind)
        .where(withoutDedupeKey(subject.column))
        .executeTakeFirst();
      if (row?.state === 'sent') return 'already-sent';
      if (row?.state === 'superseded') return 'superseded';
      throw new EmailInFlightError(`${key.kind} for ${subject.id} is being sent by another delivery`);
    }
    claimId = takenOver.id;
  }
  const id = claimId;
  if (decide) {
    let decision: 'send' | 'superseded';
    try {
      decision = await decide();
    } catch (error) {
      await db.deleteFrom('sent_emails').where('id', '=', id).where('state', '=', 'sending').execute().catch(() => undefined);
      throw error;
    }
    if (decision === 'superseded') {
      await db.updateTable('sent_emails').set({ state: 'superseded', lease_until: null, sent_at: sql<Date>`now()` }).where('id', '=', id).execute();
      return 'superseded';
    }
  }
  const renewal = setInterval(() => {
    void db.updateTable('sent_emails').set({ lease_until: lease }).where('id', '=', id).where('state', '=', 'sending').execute().catch(() => undefined);
  }, Math.max(200, Math.floor(leaseMs / 3)));
  let info: { messageId?: string };
  try {
    info = await send();
  } catch (error) {
    emailsFailed.inc({ kind: key.kind });
    // Not sent: give the claim up so the retry (or another delivery) sends it.
    await db.deleteFrom('sent_emails').where('id', '=', id).where('state', '=', 'sending').execute().catch(() => undefined);
    throw error;
  } finally {
    clearInterval(renewal);
  }
  // Counted once the SMTP server accepted it, even if the mark below needs its retries.
  emailsSent.inc({ kind: key.kind });
  await markSent(db, id, info.messageId ?? null);
  return 'sent';
}

/** The row a claim competes for, matched the way its unique index is (migration 007). */
function claimSubject(key: EmailSubject): { column: 'order_id' | 'attention_id' | 'dedupe_key'; id: string } {
  if ('dedupeKey' in key && key.dedupeKey !== undefined) return { column: 'dedupe_key', id: key.dedupeKey };
  if ('orderId' in key) return { column: 'order_id', id: key.orderId };
  if ('attentionId' in key) return { column: 'attention_id', id: key.attentionId };
  throw new Error('an e-mail is about an order, an attention item or a dedupe key');
}

/**
 * An order's own e-mail ((order_id, kind) is unique only among rows without a dedupe key) must not
 * be matched with a keyed e-mail of the same order and kind, nor the other way round.
 */
function withoutDedupeKey(column: 'order_id' | 'attention_id' | 'dedupe_key') {
  return column === 'order_id' ? sql<boolean>`dedupe_key is null` : sql<boolean>`true`;
}

async function markSent(db: Db, id: string, messageId: string | null): Promise<void> {
  await statementsOf(db).markSent({ id, messageId });
}

/** A claim's row: state 'sending', with a lease from now. */
interface ClaimRow {
  order_id: string | null;
  attention_id: string | null;
  dedupe_key: string | null;
  kind: EmailKind;
  recipient: string;
  event_id: string | null;
}
type ClaimRequest = { subjectKey: string; row: ClaimRow; leaseMs: number };

/**
 * Claims and marks of concurrent deliveries travel together (together.ts): what they ask for while
 * their last statement is in flight goes out as one statement, one round trip and one commit. Each
 * e-mail still has its own claim, send and mark, in that order: nothing waits for another e-mail's
 * SMTP conversation.
 */
const statementsOf = perDb((db) => ({
  claim: together((requests: ClaimRequest[]) => insertClaims(db, requests)),
  markSent: together(async (marks: { id: string; messageId: string | null }[]) => {
    await updateSent(db, marks);
    return marks.map(() => undefined);
  }),
}));

/**
 * Inserts the claims; each request learns its row's id, or undefined when a row for its e-mail exists
 * (any of the unique indexes, (order_id, kind) without a dedupe key, (attention_id, kind) or (kind,
 * dedupe_key), makes a second claim a no-op). Of two identical requests in one statement only the
 * first can have the row: the other goes on as a second delivery would. The rows travel as arrays,
 * so the statement's text is the same for any number of them.
 */
async function insertClaims(db: Db, requests: ClaimRequest[]): Promise<(string | undefined)[]> {
  const first = new Map<string, number>();
  requests.forEach((request, index) => {
    if (!first.has(request.subjectKey)) first.set(request.subjectKey, index);
  });
  const claims = [...first.values()].map((index) => requests[index]!);
  const column = <K extends keyof ClaimRow>(key: K) => claims.map((claim) => claim.row[key]);
  const { rows } = await sql<{ id: string; kind: string; order_id: string | null; attention_id: string | null; dedupe_key: string | null }>`
    insert into sent_emails (order_id, attention_id, dedupe_key, kind, recipient, event_id, state, lease_until)
    select c.order_id, c.attention_id, c.dedupe_key, c.kind, c.recipient, c.event_id, 'sending', now() + make_interval(secs => c.lease_seconds)
    from unnest(${column('order_id')}::uuid[], ${column('attention_id')}::uuid[], ${column('dedupe_key')}::text[], ${column('kind')}::text[],
      ${column('recipient')}::text[], ${column('event_id')}::uuid[], ${claims.map((claim) => claim.leaseMs / 1000)}::float8[])
      as c(order_id, attention_id, dedupe_key, kind, recipient, event_id, lease_seconds)
    on conflict do nothing
    returning id, kind, order_id, attention_id, dedupe_key`.execute(db);
  const ids = new Map(rows.map((row) => [`${subjectKeyOf(row)}:${row.kind}`, row.id]));
  return requests.map((request, index) => (first.get(request.subjectKey) === index ? ids.get(request.subjectKey) : undefined));
}

/** The claim key of a row, as claimSubject gives it for a request. */
function subjectKeyOf(row: { order_id: string | null; attention_id: string | null; dedupe_key: string | null }): string {
  if (row.dedupe_key !== null) return `dedupe_key:${row.dedupe_key}`;
  if (row.order_id !== null) return `order_id:${row.order_id}`;
  return `attention_id:${row.attention_id}`;
}

/** Marks the rows sent, retried a few times so a database blip right after SMTP accepted the messages does not resend them. */
async function updateSent(db: Db, marks: { id: string; messageId: string | null }[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await sql`update sent_emails set state = 'sent', message_id = v.message_id, lease_until = null, sent_at = now()
        from unnest(${marks.map((mark) => mark.id)}::bigint[], ${marks.map((mark) => mark.messageId)}::text[]) as v(id, message_id)
        where sent_emails.id = v.id`.execute(db);
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt));
    }
  }
}
