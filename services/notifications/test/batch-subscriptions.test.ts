import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnrecoverableError } from 'bullmq';
import { BATCH_OPENED, BATCH_SUBSCRIPTION_REQUESTED, newEventEnvelope, type EventEnvelope } from '@pickles/shared';
import { buildMessage } from '../src/clients/mime.js';
import { loadSubscriber } from '../src/db/batch-subscribers.js';
import { renderBatchConfirm } from '../src/emails/batch-subscriptions.js';
import { processBatchOpened, processBatchSubscriptionRequested } from '../src/events/process-batch-subscriptions.js';
import { startNotificationsHarness, startSweeperQueue, SHOP_URL, type NotificationsHarness } from './harness.js';

/**
 * The "next batch" e-mails (decision 029) on their own: what the wire carries, who is skipped, and the
 * sweeper's safety net. The whole journey through checkout, the Stock API and the worker is in
 * test/integration/notify-me.test.ts.
 */
let h: NotificationsHarness;
beforeAll(async () => {
  // A database of its own: the catalogue's products' sign-ups would meet the Stock API tests'.
  h = await startNotificationsHarness({ ownDatabase: true });
});
afterAll(async () => {
  await h.close();
});

async function subscriber(state: 'pending' | 'confirmed' | 'told' | 'unsubscribed', openingId: string | null = null) {
  const email = `${state}-${randomUUID().slice(0, 8)}@example.in`;
  const row = await h.db.insertInto('batch_subscribers').values({ product_id: 2, email, state, opening_id: openingId }).returning('id').executeTakeFirstOrThrow();
  return { id: row.id, email };
}

const opened = (openingId: string, batchJars: number | null = 12) => newEventEnvelope(BATCH_OPENED, 1, { openingId, productId: 2, batchJars });
const mailsTo = (email: string) => h.catcher.store.list({ to: email });

describe('next-batch e-mails', () => {
  it('carry the one-click unsubscribe headers of RFC 8058 on the wire', async () => {
    const { id } = await subscriber('pending');
    const email = renderBatchConfirm((await loadSubscriber(h.db, id))!, { supportEmail: 'help@royalpickles.in', supportPhone: '+91', shopUrl: SHOP_URL, trackingLinkSecret: 'x'.repeat(32) });
    const raw = buildMessage({ from: 'shop@royalpickles.in', to: 'asha@example.in', messageId: '<a@b>', ...email }).raw.toString('latin1');
    const head = raw.split('\r\n\r\n', 1)[0]!.replace(/\r\n[ \t]/g, ' ');
    expect(head).toMatch(new RegExp(`^List-Unsubscribe: <${SHOP_URL}/api/notify-me/unsubscribe\\?t=${id}\\.[\\w-]{32}>$`, 'm'));
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('an opening e-mails the told subscribers once each, skipping one who unsubscribed since; a confirmation goes only to a pending sign-up', async () => {
    const openingId = randomUUID();
    const told = await subscriber('told', openingId);
    const left = await subscriber('unsubscribed', openingId);
    const event = opened(openingId, 1);
    expect(await processBatchOpened(event, h.deps)).toEqual({ sent: 1, alreadySent: 0, skipped: 1 });
    expect(await processBatchOpened(event, h.deps)).toEqual({ sent: 0, alreadySent: 1, skipped: 1 });
    expect(mailsTo(told.email).map((mail) => mail.text.includes('It has 1 jar, on sale now.'))).toEqual([true]);
    expect(mailsTo(left.email)).toHaveLength(0);

    const confirmed = await subscriber('confirmed');
    expect(await processBatchSubscriptionRequested(newEventEnvelope(BATCH_SUBSCRIPTION_REQUESTED, 1, { subscriberId: confirmed.id, attempt: 1 }), h.deps)).toEqual({ confirm: 'not-pending' });
    expect(mailsTo(confirmed.email)).toHaveLength(0);
    await expect(processBatchOpened({ ...event, version: 2 }, h.deps)).rejects.toBeInstanceOf(UnrecoverableError);
  });

  it('the sweeper queues again an opening or a confirmation whose e-mail is missing, and leaves them once sent', async () => {
    const sweeper = startSweeperQueue(h.db);
    try {
      const openingId = randomUUID();
      const told = await subscriber('told', openingId);
      const opening = opened(openingId);
      const pending = await subscriber('pending');
      const confirm = newEventEnvelope(BATCH_SUBSCRIPTION_REQUESTED, 1, { subscriberId: pending.id, attempt: 1 });
      await sweeper.publishedLongAgo(opening);
      await sweeper.publishedLongAgo(confirm);

      await sweeper.sweep();
      for (const event of [opening, confirm] as EventEnvelope[]) {
        const job = await sweeper.queue.getJob(event.id);
        expect(job?.name).toBe(event.type);
        if (event.type === BATCH_OPENED) await processBatchOpened(job!.data as EventEnvelope, h.deps);
        else await processBatchSubscriptionRequested(job!.data as EventEnvelope, h.deps);
        await job!.remove();
      }
      await sweeper.sweep();
      expect(await sweeper.queue.getJob(opening.id)).toBeUndefined();
      expect(await sweeper.queue.getJob(confirm.id)).toBeUndefined();
      expect(mailsTo(told.email)).toHaveLength(1);
      expect(mailsTo(pending.email)).toHaveLength(1);
    } finally {
      await sweeper.close();
    }
  });
});
