import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_UPDATED } from '@pickles/shared';
import { COMPLAINT_MESSAGES, complaintDeadlines, formatTicketNumber } from '@pickles/shared/complaints';
import { sql } from '@pickles/db';
import { insertOrder, postJson } from '@pickles/test-kit';
import { startCheckoutHarness, type CheckoutHarness } from './harness.js';

/**
 * POST /api/complaints: the shopper's complaint is stored with a ticket number and the
 * grievance rules' two deadlines, and a `complaint.updated` event is queued for the e-mails, in one
 * transaction.
 */
let h: CheckoutHarness;
let limited: CheckoutHarness;
beforeAll(async () => {
  h = await startCheckoutHarness();
  limited = await startCheckoutHarness({}, {}, undefined, { perClientPerHour: 2, perEmailPerDay: 2 });
});
afterAll(async () => {
  await h.close();
  await limited.close();
});

const tag = () => randomBytes(4).toString('hex');
const complaint = (extra: Record<string, unknown> = {}) => ({
  name: 'Meera Iyer',
  email: `meera.${tag()}@example.in`,
  category: 'damaged',
  message: 'The lid of the mango pickle jar was broken and the oil leaked into the box.',
  ...extra,
});
const submit = (body: unknown, ip = '203.0.113.40', app = h) => postJson(`${app.checkout.url}/api/complaints`, body, { 'x-forwarded-for': ip });

const rowsFor = (email: string) => h.db.selectFrom('complaints').selectAll().where('email', '=', email).execute();
const eventsFor = async (complaintId: string) =>
  (await h.db.selectFrom('outbox_events').select(['type', 'version', 'payload', 'published_at']).where('type', '=', COMPLAINT_UPDATED).execute()).filter(
    (row) => (row.payload as { data: { complaintId: string } }).data.complaintId === complaintId,
  );

describe('POST /api/complaints', () => {
  it('answers 201 with the ticket and its deadlines, stores the complaint and queues its e-mails in one go', async () => {
    const body = complaint({ phone: '+91 98765 43210', message: 'The jar leaked.\r\n\r\nThe box was soaked through.' });
    const response = await submit(body);
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = response.body;
    expect(Object.keys(answer).sort()).toEqual(['acknowledgeBy', 'receivedAt', 'resolveBy', 'success', 'ticketNumber']);
    expect(answer.success).toBe(true);
    const receivedAt = new Date(answer.receivedAt);
    expect(Math.abs(receivedAt.getTime() - Date.now())).toBeLessThan(60_000);
    const sequence = Number(/^GRV-\d{6}-(\d{4,})$/.exec(answer.ticketNumber)?.[1]);
    expect(answer.ticketNumber).toBe(formatTicketNumber(sequence, receivedAt));
    const deadlines = complaintDeadlines(receivedAt);
    expect(answer.acknowledgeBy).toBe(deadlines.acknowledgeBy.toISOString());
    expect(answer.resolveBy).toBe(deadlines.resolveBy.toISOString());

    const [row, ...others] = await rowsFor(body.email);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      ticket_number: answer.ticketNumber,
      name: 'Meera Iyer',
      phone: '9876543210',
      order_number: null,
      order_id: null,
      category: 'damaged',
      message: 'The jar leaked.\n\nThe box was soaked through.',
      acknowledged_at: null,
      resolved_at: null,
      personal_data_erased_at: null,
    });
    expect(new Date(row!.created_at).toISOString()).toBe(answer.receivedAt);
    expect(new Date(row!.acknowledge_by).toISOString()).toBe(answer.acknowledgeBy);
    expect(new Date(row!.resolve_by).toISOString()).toBe(answer.resolveBy);

    const events = await eventsFor(row!.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: COMPLAINT_UPDATED, version: 1, published_at: null });
    // The event carries the id only: the shopper's details stay in the database, out of Redis.
    expect((events[0]!.payload as { data: unknown }).data).toEqual({ complaintId: row!.id, kind: 'received' });
  });

  it("links the order its number names only with that order's e-mail or phone; a stranger's complaint keeps the number but links nothing", async () => {
    const email = `Kavya.${tag()}@Example.in`;
    const order = await insertOrder(h.db, { orderNumber: `RP261123-${tag().toUpperCase()}`, email, phone: '9812345670' });
    const byEmail = complaint({ email: email.toLowerCase(), orderNumber: ` ${order.orderNumber.toLowerCase()} `, category: 'not-received' });
    expect((await submit(byEmail)).status).toBe(201);
    expect(await rowsFor(byEmail.email)).toMatchObject([{ order_number: order.orderNumber, order_id: order.id, category: 'not-received', email_proven: true }]);

    // The order's phone links it, but the e-mail typed is not the order's: it has not proved itself.
    const byPhone = complaint({ phone: '+91 98123 45670', orderNumber: order.orderNumber });
    expect((await submit(byPhone)).status).toBe(201);
    expect(await rowsFor(byPhone.email)).toMatchObject([{ order_id: order.id, email_proven: false }]);

    // Anyone can type an order number: without its e-mail or phone the complaint stays unlinked.
    const stranger = complaint({ phone: '9000000001', orderNumber: order.orderNumber });
    expect((await submit(stranger)).status).toBe(201);
    expect(await rowsFor(stranger.email)).toMatchObject([{ order_number: order.orderNumber, order_id: null, email_proven: false }]);

    const unknown = complaint({ orderNumber: 'RP991231-NOSUCH' });
    expect((await submit(unknown)).status).toBe(201);
    expect(await rowsFor(unknown.email)).toMatchObject([{ order_number: 'RP991231-NOSUCH', order_id: null }]);
  });

  it('refuses bad input with 400 and the form\'s messages, storing and queueing nothing', async () => {
    const email = `refused.${tag()}@example.in`;
    const cases: [unknown, Record<string, string>][] = [
      [complaint({ email, message: 'bad' }), { message: COMPLAINT_MESSAGES.message }],
      [complaint({ email, message: 'The jar\u0000 leaked everywhere' }), { message: COMPLAINT_MESSAGES.message }],
      [complaint({ email, category: 'rude-staff' }), { category: COMPLAINT_MESSAGES.category }],
      [complaint({ email, phone: '12345' }), { phone: COMPLAINT_MESSAGES.phone }],
      [complaint({ email, orderNumber: '<script>' }), { orderNumber: COMPLAINT_MESSAGES.orderNumber }],
      [{ ...complaint({ email }), name: '  ' }, { name: COMPLAINT_MESSAGES.name }],
    ];
    for (const [body, fields] of cases) {
      const response = await submit(body);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body).toMatchObject({ success: false, error: expect.any(String), fields });
    }
    const notJson = await fetch(`${h.checkout.url}/api/complaints`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(notJson.status).toBe(400);
    expect(await rowsFor(email)).toEqual([]);
  });

  it('gives 20 complaints sent at once 20 different tickets', async () => {
    const bodies = Array.from({ length: 20 }, () => complaint());
    const answers = await Promise.all(bodies.map((body, i) => submit(body, `198.51.100.${i + 1}`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const tickets = answers.map((answer) => answer.body.ticketNumber as string);
    expect(new Set(tickets).size).toBe(20);
    const stored = await h.db.selectFrom('complaints').select('ticket_number').where('ticket_number', 'in', tickets).execute();
    expect(stored).toHaveLength(20);
  });
});

describe('the complaint rate limit', () => {
  it('refuses a client over COMPLAINT_LIMIT_PER_CLIENT with 429 and Retry-After, storing nothing; others go on', async () => {
    const ip = '192.0.2.77';
    expect((await submit(complaint(), ip, limited)).status).toBe(201);
    // A refused form counts too: the limit is on requests, before anything is read.
    expect((await submit(complaint({ message: 'short' }), ip, limited)).status).toBe(400);
    const over = complaint();
    const refused = await submit(over, ip, limited);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: 'Too many complaints from this connection. Please try again in an hour.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await rowsFor(over.email)).toEqual([]);
    expect((await submit(complaint(), '192.0.2.78', limited)).status).toBe(201);
  });

  it('refuses complaints naming one e-mail address over COMPLAINT_LIMIT_PER_EMAIL a day, from any connection: the shop fills nobody\'s inbox', async () => {
    const victim = `victim.${tag()}@example.in`;
    expect((await submit(complaint({ email: victim }), '192.0.2.81', limited)).status).toBe(201);
    expect((await submit(complaint({ email: victim.toUpperCase() }), '192.0.2.82', limited)).status).toBe(201);
    const refused = await submit(complaint({ email: ` ${victim} ` }), '192.0.2.83', limited);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, error: 'Too many complaints for this e-mail address today. Please write to our grievance officer instead.' });
    expect(await limited.db.selectFrom('complaints').select('id').where(sql<string>`lower(email)`, '=', victim).execute()).toHaveLength(2);
  });
});
