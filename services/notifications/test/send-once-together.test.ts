import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, sql, type Db } from '@pickles/db';
import { insertOrder, testDb } from '@pickles/test-kit';
import { EmailInFlightError, sendOnce } from '../src/db/sent-emails.js';

/**
 * Concurrent deliveries share their claim and mark statements; each e-mail must still be
 * claimed, sent and marked on its own, once.
 */
let db: Db;
beforeAll(() => {
  db = testDb();
});
afterAll(() => db.destroy());

describe('sendOnce under concurrent deliveries', () => {
  it('twenty deliveries of the same e-mail at once send it once', async () => {
    const order = await insertOrder(db);
    let sends = 0;
    // The one send lasts until the other nineteen deliveries have answered: they all meet it in flight.
    let answered = 0;
    let othersAnswered = () => {};
    const allOthersAnswered = new Promise<void>((resolve) => (othersAnswered = resolve));
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        sendOnce(db, { orderId: order.id, kind: 'order-confirmation', recipient: 'asha@example.in', eventId: randomUUID() }, async () => {
          sends++;
          if (sends > 1) othersAnswered(); // a second send is the failure: let it show at once
          await allOthersAnswered;
          return { messageId: '<once@test>' };
        }).finally(() => {
          if (++answered === 19) othersAnswered();
        }),
      ),
    );
    expect(sends).toBe(1);
    expect(results.filter((result) => result.status === 'fulfilled' && result.value === 'sent')).toHaveLength(1);
    // The others found it being sent (their job retries later and finds it sent) or already sent.
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(EmailInFlightError);
      else expect(['sent', 'already-sent']).toContain(result.value);
    }
    const rows = await db.selectFrom('sent_emails').select(['state', 'message_id']).where('order_id', '=', order.id).execute();
    expect(rows).toEqual([{ state: 'sent', message_id: '<once@test>' }]);
  });

  it('e-mails claimed together are each sent once and marked with their own message id; a failed one gives its claim up', async () => {
    const orders = await Promise.all(Array.from({ length: 30 }, () => insertOrder(db)));
    const sent: string[] = [];
    const results = await Promise.allSettled(
      orders.flatMap((order, index) =>
        (['order-confirmation', 'owner-alert'] as const).map((kind) =>
          sendOnce(db, { orderId: order.id, kind, recipient: 'someone@example.in', eventId: randomUUID() }, async () => {
            await new Promise((resolve) => setTimeout(resolve, index % 5));
            if (index === 7 && kind === 'owner-alert') throw new Error('SMTP said no');
            sent.push(`${order.id}:${kind}`);
            return { messageId: `<${order.id}.${kind}@test>` };
          }),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    expect(sent).toHaveLength(59);
    expect(new Set(sent).size).toBe(59);
    const rows = await db
      .selectFrom('sent_emails')
      .select(['order_id', 'kind', 'state', 'message_id'])
      .where('order_id', 'in', orders.map((order) => order.id))
      .execute();
    expect(rows).toHaveLength(59);
    for (const row of rows) expect(row).toMatchObject({ state: 'sent', message_id: `<${row.order_id}.${row.kind}@test>` });
    expect(rows.find((row) => row.order_id === orders[7]!.id && row.kind === 'owner-alert')).toBeUndefined();
  });

  it('holds no transaction and no busy connection while the SMTP server takes its time', async () => {
    // Its own pool, named, so only its connections are counted (other test files share the database).
    const sender = createDb({ connectionString: process.env.DATABASE_URL!, max: 4, applicationName: 'send-once-smtp-wait' });
    try {
      const orders = await Promise.all(Array.from({ length: 4 }, () => insertOrder(db)));
      // Look once all four sends are inside their SMTP conversation (and none has gone on to record
      // it as sent): a look while one is still claiming or already marking would see it busy.
      let arrived = 0;
      let everyoneIn!: () => void;
      const allIn = new Promise<void>((resolve) => (everyoneIn = resolve));
      let observation: Promise<{ state: string | null }[]> | undefined;
      await Promise.all(
        orders.map((order) =>
          sendOnce(sender, { orderId: order.id, kind: 'order-confirmation', recipient: 'asha@example.in', eventId: randomUUID() }, async () => {
            if (++arrived === orders.length) everyoneIn();
            await allIn;
            observation ??= sql<{ state: string | null }>`select state from pg_stat_activity where application_name = 'send-once-smtp-wait'`
              .execute(db)
              .then((result) => result.rows);
            await observation;
            return { messageId: `<${order.id}@test>` };
          }),
        ),
      );
      const during = await observation!;
      expect(during.length).toBeGreaterThan(0);
      expect(during.filter((row) => row.state !== 'idle')).toEqual([]);
    } finally {
      await sender.destroy();
    }
  });
});
