import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import { COMPLAINT_UPDATED, type AdminComplaint } from '@pickles/shared';
import { COMPLAINT_MESSAGES, complaintDeadlines, formatTicketNumber, type ComplaintCategory } from '@pickles/shared/complaints';
import { insertOrder, type RunningApp } from '@pickles/test-kit';
import { call, loginToken, startAsOwner, type Harness } from './helpers.js';

/**
 * The owner's complaints: the list with its tabs and counts, acknowledging and resolving.
 * The counts cover every complaint in the database, so this file has a database of its own.
 */
let h: Harness;
let db: Db;
let app: RunningApp;
let token: string;
let username: string;

beforeAll(async () => {
  ({ h, token, username } = await startAsOwner({ ownDatabase: true }));
  ({ db, app } = h);
});
afterAll(() => h?.close());

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
let sequence = 1;

/** A complaint as checkout stores it, received `receivedAt`, with the steps done so far. */
async function seedComplaint({
  receivedAt = new Date(),
  acknowledgedAt = null,
  resolvedAt = null,
  orderNumber = null,
  orderId = null,
  category = 'damaged',
}: { receivedAt?: Date; acknowledgedAt?: Date | null; resolvedAt?: Date | null; orderNumber?: string | null; orderId?: string | null; category?: ComplaintCategory } = {}) {
  const { acknowledgeBy, resolveBy } = complaintDeadlines(receivedAt);
  const ticketNumber = formatTicketNumber(sequence++, receivedAt);
  return db
    .insertInto('complaints')
    .values({
      ticket_number: ticketNumber,
      name: 'Meera Iyer',
      email: `meera.${randomBytes(3).toString('hex')}@example.in`,
      phone: '9876543210',
      order_number: orderNumber,
      order_id: orderId,
      category,
      message: 'The jar leaked.\nThe box was soaked.',
      created_at: receivedAt,
      acknowledge_by: acknowledgeBy,
      resolve_by: resolveBy,
      acknowledged_at: acknowledgedAt ?? resolvedAt,
      acknowledged_by: acknowledgedAt || resolvedAt ? 'earlier-admin' : null,
      resolved_at: resolvedAt,
      resolved_by: resolvedAt ? 'earlier-admin' : null,
      resolution: resolvedAt ? 'Sent a new jar.' : null,
    })
    .returning(['id', 'ticket_number'])
    .executeTakeFirstOrThrow();
}

/** The `complaint.updated` events written for a complaint, oldest first. */
async function updatesOf(complaintId: string): Promise<string[]> {
  const rows = await db.selectFrom('outbox_events').select(['payload', 'occurred_at']).where('type', '=', COMPLAINT_UPDATED).orderBy('occurred_at').execute();
  return rows.map((row) => (row.payload as { data: { complaintId: string; kind: string } }).data).filter((data) => data.complaintId === complaintId).map((data) => data.kind);
}

const list = (state?: string) => call(app, 'GET', `/api/admin/complaints${state ? `?state=${state}` : ''}`, { token });
const acknowledge = (id: string, as = token) => call(app, 'POST', `/api/admin/complaints/${id}/acknowledge`, { token: as });
const resolve = (id: string, resolution: unknown) => call(app, 'POST', `/api/admin/complaints/${id}/resolve`, { token, body: { resolution } });
const tickets = (complaints: AdminComplaint[]) => complaints.map((complaint) => complaint.ticketNumber);

describe('GET /api/admin/complaints', () => {
  let seeded: Record<'fresh' | 'unacknowledged' | 'overdue' | 'recent' | 'resolvedInTime' | 'resolvedLate', { id: string; ticket_number: string }>;
  let order: { id: string; orderNumber: string };

  beforeAll(async () => {
    order = await insertOrder(db, { status: 'paid' });
    seeded = {
      // Open, on time, about an order still on the panel.
      fresh: await seedComplaint({ orderNumber: order.orderNumber, orderId: order.id }),
      // Open, nobody acknowledged it within 48 hours.
      unacknowledged: await seedComplaint({ receivedAt: daysAgo(3), category: 'quality' }),
      // Open, acknowledged in time, not resolved within the month; its order was archived since.
      overdue: await seedComplaint({ receivedAt: daysAgo(40), acknowledgedAt: daysAgo(39), orderNumber: 'RP260101-GONE01', orderId: randomUUID() }),
      // Open, a day old, on time.
      recent: await seedComplaint({ receivedAt: daysAgo(1) }),
      resolvedInTime: await seedComplaint({ receivedAt: daysAgo(10), resolvedAt: daysAgo(9) }),
      resolvedLate: await seedComplaint({ receivedAt: daysAgo(45), acknowledgedAt: daysAgo(44), resolvedAt: daysAgo(5) }),
    };
  });

  it('lists the open complaints by the nearest resolve deadline, with counts over all of them', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.success).toBe(true);
    expect(Math.abs(new Date(answer.body.asOf).getTime() - Date.now())).toBeLessThan(60_000);
    expect(answer.body.counts).toEqual({ open: 4, late: 2, resolved: 2 });
    expect(tickets(answer.body.complaints)).toEqual([seeded.overdue, seeded.unacknowledged, seeded.recent, seeded.fresh].map((row) => row.ticket_number));
    expect((await list('open')).body).toEqual({ ...answer.body, asOf: expect.any(String) });
  });

  it('marks what is late: a missed acknowledgement, a missed resolution, and a resolution made after its deadline', async () => {
    const all = (await list('all')).body.complaints as AdminComplaint[];
    const byId = (row: { id: string }) => all.find((complaint) => complaint.id === row.id)!;
    expect(byId(seeded.fresh).late).toEqual({ acknowledgement: false, resolution: false });
    expect(byId(seeded.recent).late).toEqual({ acknowledgement: false, resolution: false });
    expect(byId(seeded.unacknowledged).late).toEqual({ acknowledgement: true, resolution: false });
    expect(byId(seeded.overdue).late).toEqual({ acknowledgement: false, resolution: true });
    expect(byId(seeded.resolvedInTime).late).toEqual({ acknowledgement: false, resolution: false });
    expect(byId(seeded.resolvedLate).late).toEqual({ acknowledgement: false, resolution: true });
  });

  it('filters by tab: late ones, resolved ones newest first, and all with the open ones first', async () => {
    expect(tickets((await list('late')).body.complaints)).toEqual([seeded.overdue, seeded.unacknowledged].map((row) => row.ticket_number));
    expect(tickets((await list('resolved')).body.complaints)).toEqual([seeded.resolvedInTime, seeded.resolvedLate].map((row) => row.ticket_number));
    expect(tickets((await list('all')).body.complaints)).toEqual(
      [seeded.overdue, seeded.unacknowledged, seeded.recent, seeded.fresh, seeded.resolvedInTime, seeded.resolvedLate].map((row) => row.ticket_number),
    );
    for (const state of ['late', 'resolved', 'all']) expect((await list(state)).body.counts).toEqual({ open: 4, late: 2, resolved: 2 });
    const refused = await list('closed');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, error: expect.stringContaining('state must be one of open, late, resolved, all') });
  });

  it('shows each complaint in full, linking the order only while it is on the panel', async () => {
    const all = (await list('all')).body.complaints as AdminComplaint[];
    const fresh = all.find((complaint) => complaint.id === seeded.fresh.id)!;
    expect(fresh).toMatchObject({
      ticketNumber: seeded.fresh.ticket_number,
      name: 'Meera Iyer',
      phone: '9876543210',
      orderNumber: order.orderNumber,
      orderId: order.id,
      category: 'damaged',
      message: 'The jar leaked.\nThe box was soaked.',
      state: 'open',
      acknowledgedAt: null,
      acknowledgedBy: null,
      resolvedAt: null,
      resolvedBy: null,
      resolution: null,
    });
    expect(new Date(fresh.resolveBy).getTime()).toBeGreaterThan(new Date(fresh.acknowledgeBy).getTime());
    expect(all.find((complaint) => complaint.id === seeded.overdue.id)).toMatchObject({ orderNumber: 'RP260101-GONE01', orderId: null });
    expect(all.find((complaint) => complaint.id === seeded.resolvedInTime.id)).toMatchObject({ state: 'resolved', resolvedBy: 'earlier-admin', resolution: 'Sent a new jar.' });
  });
});

describe('acknowledging and resolving', () => {
  it('acknowledges once: the first time and admin stay, and only the first writes the shopper\'s event', async () => {
    const complaint = await seedComplaint();
    const first = await acknowledge(complaint.id);
    expect(first.status).toBe(200);
    expect(first.body.complaint).toMatchObject({ id: complaint.id, state: 'open', acknowledgedBy: username, late: { acknowledgement: false, resolution: false } });
    const acknowledgedAt = first.body.complaint.acknowledgedAt as string;
    expect(Math.abs(new Date(acknowledgedAt).getTime() - Date.now())).toBeLessThan(60_000);

    const other = await loginToken(app, db);
    const again = await acknowledge(complaint.id, other.token);
    expect(again.status).toBe(200);
    expect(again.body.complaint).toMatchObject({ acknowledgedAt, acknowledgedBy: username });
    expect(await updatesOf(complaint.id)).toEqual(['acknowledged']);
  });

  it('two acknowledgements at the same moment still write one event', async () => {
    const complaint = await seedComplaint();
    const answers = await Promise.all(Array.from({ length: 5 }, () => acknowledge(complaint.id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.complaint.acknowledgedAt)).size).toBe(1);
    expect(await updatesOf(complaint.id)).toEqual(['acknowledged']);
  });

  it('a late acknowledgement stays marked late', async () => {
    const complaint = await seedComplaint({ receivedAt: daysAgo(3) });
    expect((await acknowledge(complaint.id)).body.complaint.late).toEqual({ acknowledgement: true, resolution: false });
  });

  it('resolves with what was done, acknowledging it too; the shopper\'s event says resolved', async () => {
    const complaint = await seedComplaint();
    const resolved = await resolve(complaint.id, '  Sent a new jar by Delhivery.\r\nAWB 1234567890  ');
    expect(resolved.status).toBe(200);
    const answer = resolved.body.complaint as AdminComplaint;
    expect(answer).toMatchObject({ state: 'resolved', resolution: 'Sent a new jar by Delhivery.\nAWB 1234567890', resolvedBy: username, acknowledgedBy: username });
    expect(answer.acknowledgedAt).toBe(answer.resolvedAt);
    expect(await updatesOf(complaint.id)).toEqual(['resolved']);
    const row = await db.selectFrom('complaints').select(['resolution', 'resolved_by']).where('id', '=', complaint.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ resolution: 'Sent a new jar by Delhivery.\nAWB 1234567890', resolved_by: username });
  });

  it('keeps an earlier acknowledgement when resolving', async () => {
    const complaint = await seedComplaint();
    const acknowledged = (await acknowledge(complaint.id)).body.complaint as AdminComplaint;
    const resolved = (await resolve(complaint.id, 'Refunded the jar.')).body.complaint as AdminComplaint;
    expect(resolved.acknowledgedAt).toBe(acknowledged.acknowledgedAt);
    expect(await updatesOf(complaint.id)).toEqual(['acknowledged', 'resolved']);
  });

  it('refuses to resolve twice with 409, changing nothing', async () => {
    const complaint = await seedComplaint();
    expect((await resolve(complaint.id, 'First answer.')).status).toBe(200);
    const again = await resolve(complaint.id, 'Second answer.');
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: COMPLAINT_MESSAGES.alreadyResolved });
    expect((await db.selectFrom('complaints').select('resolution').where('id', '=', complaint.id).executeTakeFirstOrThrow()).resolution).toBe('First answer.');
    expect(await updatesOf(complaint.id)).toEqual(['resolved']);
    // Acknowledging a resolved complaint changes nothing either.
    expect((await acknowledge(complaint.id)).body.complaint.state).toBe('resolved');
    expect(await updatesOf(complaint.id)).toEqual(['resolved']);
  });

  it('refuses an empty or missing resolution with 400, changing nothing', async () => {
    const complaint = await seedComplaint();
    for (const resolution of ['   ', undefined, 'x'.repeat(2001), 42]) {
      const refused = await resolve(complaint.id, resolution);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, error: expect.any(String) });
    }
    expect((await db.selectFrom('complaints').select('resolved_at').where('id', '=', complaint.id).executeTakeFirstOrThrow()).resolved_at).toBeNull();
    expect(await updatesOf(complaint.id)).toEqual([]);
  });

  it('answers 404 for an unknown complaint or an id that is not one', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1e309']) {
      for (const answer of [await acknowledge(id), await resolve(id, 'Done.')]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ success: false, error: COMPLAINT_MESSAGES.notFound });
      }
    }
  });

  it('answers 401 without a valid admin token, before reading or changing anything', async () => {
    const complaint = await seedComplaint();
    for (const headers of [{}, { authorization: 'Bearer forged.token.here' }] as Record<string, string>[]) {
      expect((await call(app, 'GET', '/api/admin/complaints', { headers })).status).toBe(401);
      expect((await call(app, 'POST', `/api/admin/complaints/${complaint.id}/acknowledge`, { headers })).status).toBe(401);
      expect((await call(app, 'POST', `/api/admin/complaints/${complaint.id}/resolve`, { headers, body: { resolution: 'Done.' } })).status).toBe(401);
    }
    expect((await db.selectFrom('complaints').select('acknowledged_at').where('id', '=', complaint.id).executeTakeFirstOrThrow()).acknowledged_at).toBeNull();
    expect(await updatesOf(complaint.id)).toEqual([]);
  });
});
