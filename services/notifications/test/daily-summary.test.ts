import { describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import { insertOrder } from '@pickles/test-kit';
import { dailySummaryOnce, type DailySummaryDeps } from '../src/daily-summary.js';
import { india, SHOP_URL, notificationsHarnessPerFile, type NotificationsHarness } from './harness.js';

/**
 * The owner's daily summary reads every paid order in the database, so this file has a database of
 * its own (the other tests' orders would be listed too).
 */
let h: NotificationsHarness;
let db: Db;
let deps: DailySummaryDeps;

notificationsHarnessPerFile({ ownDatabase: true }, (started) => {
  h = started;
  ({ db, deps } = started);
});

const summaries = () => h.toOwner();

describe('the owner\'s daily summary of orders waiting for dispatch', () => {
  it('lists only paid orders without a dispatch record, oldest first, once per India day from 9:00', async () => {
    const oldest = await insertOrder(db, { paidAt: india('2026-11-20T18:00:00'), city: 'Pune', items: [{ name: 'Royal Chicken Pickle', quantity: 2 }] });
    const newer = await insertOrder(db, { paidAt: india('2026-11-23T23:50:00'), city: 'Kochi' });
    const dispatched = await insertOrder(db, { paidAt: india('2026-11-19T10:00:00') });
    await db.insertInto('order_dispatches').values({ order_id: dispatched.id, courier: 'dtdc', awb: 'D1', recorded_by: 'admin' }).execute();
    const delivered = await insertOrder(db, { status: 'delivered', paidAt: india('2026-11-18T10:00:00') });
    const cancelled = await insertOrder(db, { status: 'cancelled', paidAt: india('2026-11-18T11:00:00') });
    const unpaid = await insertOrder(db, { status: 'pending', paymentStatus: 'pending' });
    // Paid this morning after 9: its own new-order alert told the owner; tomorrow's list has it.
    const thisMorning = await insertOrder(db, { paidAt: india('2026-11-24T09:20:00'), city: 'Agra' });

    expect(await dailySummaryOnce(deps, { hour: 9, now: india('2026-11-24T08:59:00') })).toBe('too-early');
    expect(summaries()).toHaveLength(0);

    expect(await dailySummaryOnce(deps, { hour: 9, now: india('2026-11-24T09:30:00') })).toBe('sent');
    const [mail, ...others] = summaries();
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('2 paid orders to dispatch (24 Nov 2026)');
    expect(mail!.text).toContain('2 paid orders are waiting to be dispatched, oldest first:');
    const lines = mail!.text.split('\n');
    const at = (order: { orderNumber: string }) => lines.findIndex((line) => line.startsWith(order.orderNumber));
    expect(at(oldest)).toBeGreaterThan(-1);
    expect(at(newer)).toBeGreaterThan(at(oldest));
    expect(lines[at(oldest)]).toBe(`${oldest.orderNumber}  ₹1,150  paid 20 Nov 2026, 4 days ago  Pune`);
    expect(lines[at(newer)]).toBe(`${newer.orderNumber}  ₹600  paid 23 Nov 2026, 1 day ago  Kochi`);
    expect(lines[at(oldest) + 1]).toBe(`  ${SHOP_URL}/admin/orders/${oldest.id}`);
    expect(mail!.html).toContain(`<a href="${SHOP_URL}/admin/orders/${oldest.id}"`);
    expect(mail!.html.indexOf(oldest.orderNumber)).toBeLessThan(mail!.html.indexOf(newer.orderNumber));
    for (const left of [dispatched, delivered, cancelled, unpaid, thisMorning]) {
      expect(mail!.text).not.toContain(left.orderNumber);
      expect(mail!.html).not.toContain(left.orderNumber);
    }

    // Later the same day, on this replica or another: nothing more.
    expect(await dailySummaryOnce(deps, { hour: 9, now: india('2026-11-24T15:00:00') })).toBe('already-sent');
    expect(summaries()).toHaveLength(1);

    // The next morning's list has this morning's order and no longer the one dispatched since.
    await db.insertInto('order_dispatches').values({ order_id: oldest.id, courier: 'delhivery', awb: 'D2', recorded_by: 'admin' }).execute();
    expect(await dailySummaryOnce(deps, { hour: 9, now: india('2026-11-25T09:05:00') })).toBe('sent');
    const next = summaries()[1]!;
    expect(next.subject).toBe('2 paid orders to dispatch (25 Nov 2026)');
    expect(next.text).toContain(`${thisMorning.orderNumber}  ₹600  paid 24 Nov 2026, 1 day ago  Agra`);
    expect(next.text).not.toContain(oldest.orderNumber);
    expect(next.messageId).not.toBe(mail!.messageId);
  });

  it('sends nothing on a day with nothing waiting', async () => {
    const waiting = await db.selectFrom('orders').select('id').where('status', '=', 'paid').execute();
    await db.insertInto('order_dispatches').values(waiting.map(({ id }) => ({ order_id: id, courier: 'dtdc', awb: `A-${id}`, recorded_by: 'admin' }))).onConflict((c) => c.doNothing()).execute();
    const before = summaries().length;
    expect(await dailySummaryOnce(deps, { hour: 9, now: india('2026-11-26T09:10:00') })).toBe('nothing-waiting');
    expect(await dailySummaryOnce(deps, { hour: 9, now: india('2026-11-26T18:10:00') })).toBe('nothing-waiting');
    expect(summaries()).toHaveLength(before);
  });

  it('says how many complaints are open and how many missed a deadline, with a link to them', async () => {
    const now = india('2026-11-28T09:30:00');
    let sequence = 1;
    const complaint = (receivedAt: Date, done: { acknowledgedAt?: Date; resolvedAt?: Date } = {}) =>
      db
        .insertInto('complaints')
        .values({
          ticket_number: `GRV-TEST-${sequence++}`,
          name: 'Meera Iyer',
          email: 'meera@example.in',
          category: 'damaged',
          message: 'The jar leaked.',
          created_at: receivedAt,
          acknowledge_by: new Date(receivedAt.getTime() + 48 * 3_600_000),
          resolve_by: new Date(receivedAt.getTime() + 30 * 86_400_000),
          acknowledged_at: done.acknowledgedAt ?? done.resolvedAt ?? null,
          acknowledged_by: done.acknowledgedAt || done.resolvedAt ? 'owner' : null,
          resolved_at: done.resolvedAt ?? null,
          resolved_by: done.resolvedAt ? 'owner' : null,
          resolution: done.resolvedAt ? 'Sent a new jar.' : null,
        })
        .execute();
    await complaint(india('2026-11-27T10:00:00'));
    // Not acknowledged within 48 hours: late.
    await complaint(india('2026-11-25T10:00:00'));
    await complaint(india('2026-11-20T10:00:00'), { acknowledgedAt: india('2026-11-21T10:00:00') });
    await complaint(india('2026-11-20T10:00:00'), { resolvedAt: india('2026-11-21T10:00:00') });
    await insertOrder(db, { paidAt: india('2026-11-27T18:00:00') });

    expect(await dailySummaryOnce(deps, { hour: 9, now })).toBe('sent');
    const mail = summaries().at(-1)!;
    expect(mail.subject).toBe('1 paid order to dispatch (28 Nov 2026)');
    expect(mail.text).toContain(`3 open complaints, 1 past a deadline. Complaints: ${SHOP_URL}/admin/complaints`);
    expect(mail.html).toContain('3 open complaints, 1 past a deadline.');
    expect(mail.html).toContain(`href="${SHOP_URL}/admin/complaints"`);
  });
});
