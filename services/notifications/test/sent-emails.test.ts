import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Db } from '@pickles/db';
import { insertOrder, testDb } from '@pickles/test-kit';
import { EmailInFlightError, sendOnce } from '../src/db/sent-emails.js';

/** sendOnce with a dedupe key (decision 010): one e-mail per (kind, key), with decision 008's claim, send, mark. */
let db: Db;
beforeAll(() => {
  db = testDb();
});
afterAll(() => db.destroy());

/** A stand-in for SMTP that counts what it was asked to send. */
function counter() {
  const sent: string[] = [];
  return { sent, send: (label: string) => async () => (sent.push(label), { messageId: `<${label}@test>` }) };
}

describe('sendOnce with a dedupe key', () => {
  it('sends once per kind and key, beside the order\'s own e-mail of the same kind', async () => {
    const order = await insertOrder(db);
    const smtp = counter();
    const key = (dedupeKey?: string) => ({ orderId: order.id, kind: 'order-confirmation' as const, recipient: 'asha@example.in', eventId: randomUUID(), ...(dedupeKey ? { dedupeKey } : {}) });
    const first = randomUUID();
    const second = randomUUID();
    expect(await sendOnce(db, key(), smtp.send('own'))).toBe('sent');
    expect(await sendOnce(db, key(first), smtp.send('first'))).toBe('sent');
    expect(await sendOnce(db, key(first), smtp.send('first again'))).toBe('already-sent');
    expect(await sendOnce(db, key(second), smtp.send('second'))).toBe('sent');
    expect(await sendOnce(db, key(), smtp.send('own again'))).toBe('already-sent');
    expect(smtp.sent).toEqual(['own', 'first', 'second']);
    const rows = await db.selectFrom('sent_emails').select(['dedupe_key', 'state']).where('order_id', '=', order.id).orderBy('id').execute();
    expect(rows).toEqual([
      { dedupe_key: null, state: 'sent' },
      { dedupe_key: first, state: 'sent' },
      { dedupe_key: second, state: 'sent' },
    ]);
  });

  it('the same key under another kind is another e-mail', async () => {
    const order = await insertOrder(db);
    const smtp = counter();
    const dedupeKey = randomUUID();
    expect(await sendOnce(db, { orderId: order.id, dedupeKey, kind: 'refund-started', recipient: 'a@example.in', eventId: null }, smtp.send('started'))).toBe('sent');
    expect(await sendOnce(db, { orderId: order.id, dedupeKey, kind: 'refund-completed', recipient: 'a@example.in', eventId: null }, smtp.send('completed'))).toBe('sent');
    expect(smtp.sent).toEqual(['started', 'completed']);
  });

  it('a live claim keeps a second delivery away; a claim whose lease ran out is taken over and sent once', async () => {
    const smtp = counter();
    const dedupeKey = `2026-11-${randomUUID()}`;
    const key = { dedupeKey, kind: 'owner-daily-summary' as const, recipient: 'owner@royalpickles.in', eventId: null };
    // A sender holding the claim right now.
    await db.insertInto('sent_emails').values({ dedupe_key: dedupeKey, kind: 'owner-daily-summary', recipient: key.recipient, state: 'sending', lease_until: sql<Date>`now() + interval '1 minute'` }).execute();
    await expect(sendOnce(db, key, smtp.send('while held'))).rejects.toBeInstanceOf(EmailInFlightError);
    // Its sender died: the lease ran out.
    await db.updateTable('sent_emails').set({ lease_until: sql<Date>`now() - interval '1 second'` }).where('dedupe_key', '=', dedupeKey).execute();
    expect(await sendOnce(db, key, smtp.send('taken over'))).toBe('sent');
    expect(await sendOnce(db, key, smtp.send('again'))).toBe('already-sent');
    expect(smtp.sent).toEqual(['taken over']);
    const rows = await db.selectFrom('sent_emails').select(['state', 'message_id']).where('dedupe_key', '=', dedupeKey).execute();
    expect(rows).toEqual([{ state: 'sent', message_id: '<taken over@test>' }]);
  });

  it('an expired keyed claim of an order is not mistaken for the order\'s own e-mail, nor the other way round', async () => {
    const order = await insertOrder(db);
    const smtp = counter();
    const dedupeKey = randomUUID();
    expect(await sendOnce(db, { orderId: order.id, kind: 'order-confirmation', recipient: 'a@example.in', eventId: null }, smtp.send('own'))).toBe('sent');
    // A resend's claim whose sender died.
    await db.insertInto('sent_emails').values({ order_id: order.id, dedupe_key: dedupeKey, kind: 'order-confirmation', recipient: 'a@example.in', state: 'sending', lease_until: sql<Date>`now() - interval '1 second'` }).execute();
    // The order's own confirmation went out already; the dead resend is not it.
    expect(await sendOnce(db, { orderId: order.id, kind: 'order-confirmation', recipient: 'a@example.in', eventId: null }, smtp.send('own again'))).toBe('already-sent');
    expect(await sendOnce(db, { orderId: order.id, dedupeKey, kind: 'order-confirmation', recipient: 'a@example.in', eventId: null }, smtp.send('resend'))).toBe('sent');
    expect(smtp.sent).toEqual(['own', 'resend']);
    const states = await db.selectFrom('sent_emails').select(['dedupe_key', 'message_id']).where('order_id', '=', order.id).orderBy('dedupe_key').execute();
    expect(states).toEqual([
      { dedupe_key: dedupeKey, message_id: '<resend@test>' },
      { dedupe_key: null, message_id: '<own@test>' },
    ]);
  });

  it('a failed send gives the keyed claim up, so the retry sends it', async () => {
    const dedupeKey = randomUUID();
    const key = { dedupeKey, kind: 'owner-daily-summary' as const, recipient: 'owner@royalpickles.in', eventId: null };
    await expect(sendOnce(db, key, async () => Promise.reject(new Error('SMTP down')))).rejects.toThrow('SMTP down');
    expect(await db.selectFrom('sent_emails').select('id').where('dedupe_key', '=', dedupeKey).execute()).toEqual([]);
    const smtp = counter();
    expect(await sendOnce(db, key, smtp.send('retry'))).toBe('sent');
    expect(smtp.sent).toEqual(['retry']);
  });
});
