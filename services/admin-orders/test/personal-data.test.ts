import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@pickles/db';
import { ERASED, eraseExpiredUnpaidOrders, eraseShopper } from '../src/domain/personal-data.js';
import { call, insertOrder, startAsOwner, startHarness, uniqueTag, type Harness } from './helpers.js';

let h: Harness;
let token: string;
beforeAll(async () => ({ h, token } = await startAsOwner()));
afterAll(() => h?.close());

const personal = (id: string) =>
  h.db
    .selectFrom('orders')
    .select(['customer_name', 'customer_email', 'customer_phone', 'flat_number', 'street', 'city', 'pincode', 'search_text', 'amount_paise', 'personal_data_erased_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

describe('unpaid orders past the retention period', () => {
  it('lose every personal field, in the panel and the archive; paid and recent ones keep theirs', async () => {
    const tag = uniqueTag();
    const expired = await insertOrder(h.db, { tag, status: 'cancelled', paymentStatus: 'pending', razorpayPaymentId: null, paidAt: null, createdAt: daysAgo(40), email: `${tag}@example.in` });
    const failed = await insertOrder(h.db, { tag, status: 'failed', paymentStatus: 'failed', razorpayPaymentId: null, paidAt: null, createdAt: daysAgo(40) });
    const recent = await insertOrder(h.db, { tag, status: 'cancelled', paymentStatus: 'pending', razorpayPaymentId: null, paidAt: null, createdAt: daysAgo(5) });
    const paid = await insertOrder(h.db, { tag, status: 'delivered', paymentStatus: 'paid', createdAt: daysAgo(40) });
    const archivedUnpaid = await insertOrder(h.db, { tag, status: 'cancelled', paymentStatus: 'failed', razorpayPaymentId: null, paidAt: null, createdAt: daysAgo(40) });
    const removed = await call(h.app, 'POST', '/api/order/remove-multiple', { token, body: { orderIds: [archivedUnpaid.id] } });
    expect(removed.body.removedCount).toBe(1);

    const counts = await eraseExpiredUnpaidOrders(h.db, 30);
    expect(counts.orders).toBeGreaterThanOrEqual(2);
    expect(counts.archived).toBeGreaterThanOrEqual(1);
    for (const order of [expired, failed]) {
      expect(await personal(order.id)).toMatchObject({
        customer_name: ERASED.name,
        customer_email: ERASED.email,
        customer_phone: ERASED.phone,
        flat_number: '-',
        street: '-',
        city: '-',
        pincode: ERASED.pincode,
        search_text: order.orderNumber.toLowerCase(),
        personal_data_erased_at: expect.any(Date),
      });
    }
    expect((await personal(recent.id)).customer_name).toBe('Asha Verma');
    expect(await personal(paid.id)).toMatchObject({ customer_name: 'Asha Verma', customer_email: 'asha@example.in', personal_data_erased_at: null });
    const snapshot = (await h.db.selectFrom('archived_orders').select('snapshot').where('order_id', '=', archivedUnpaid.id).executeTakeFirstOrThrow()).snapshot as Record<string, unknown>;
    expect(snapshot).toMatchObject({ customer_name: ERASED.name, customer_email: ERASED.email, street: '-', order_number: archivedUnpaid.orderNumber });
    // The panel's search no longer finds them by the shopper's details.
    const found = await call(h.app, 'GET', `/api/admin/orders?search=${tag}`, { token });
    expect(found.body.orders.map((o: { _id: string }) => o._id).sort()).toEqual([recent.id, paid.id].sort());
    // Running again changes nothing more.
    expect((await eraseExpiredUnpaidOrders(h.db, 30)).orders).toBe(0);
  });
});

describe('next-batch sign-ups past the retention period', () => {
  // A database of its own: the catalogue's products' sign-ups would meet the Stock API tests'.
  let own: Harness;
  beforeAll(async () => {
    own = await startHarness({ ownDatabase: true });
  });
  afterAll(async () => {
    await own.close();
  });

  it('are deleted once told, unsubscribed or never confirmed that long ago; a confirmed one waits for its batch', async () => {
    const tag = uniqueTag();
    const old = daysAgo(40);
    const rows = [
      { state: 'told' as const, told_at: old, opening_id: randomUUID(), email: `told-${tag}@example.in` },
      { state: 'unsubscribed' as const, unsubscribed_at: old, email: `gone-${tag}@example.in` },
      { state: 'pending' as const, confirmation_sent_at: old, email: `never-${tag}@example.in` },
      { state: 'confirmed' as const, confirmation_sent_at: old, confirmed_at: old, email: `waiting-${tag}@example.in` },
      { state: 'told' as const, told_at: daysAgo(5), opening_id: randomUUID(), email: `recent-${tag}@example.in` },
    ];
    await own.db.insertInto('batch_subscribers').values(rows.map((row) => ({ product_id: 1, ...row }))).execute();
    expect((await eraseExpiredUnpaidOrders(own.db, 30)).subscriptions).toBe(3);
    const left = await own.db.selectFrom('batch_subscribers').select('email').where('email', 'like', `%-${tag}@example.in`).execute();
    expect(left.map((row) => row.email).sort()).toEqual([`recent-${tag}@example.in`, `waiting-${tag}@example.in`]);
  });
});

describe('a shopper asks for their data to be erased', () => {
  it('unpaid orders are erased completely; paid ones keep only what the tax invoice needs', async () => {
    const tag = uniqueTag();
    const email = `${tag}.Shopper@Example.in`;
    const unpaid = await insertOrder(h.db, { tag, email, phone: '9123456780', status: 'created', paymentStatus: 'pending', razorpayPaymentId: null, paidAt: null });
    const paid = await insertOrder(h.db, { tag, email, phone: '9123456780', status: 'completed', paymentStatus: 'paid', amountPaise: 115_000 });
    const someoneElse = await insertOrder(h.db, { tag, status: 'paid' });

    const erased = await eraseShopper(h.db, email.toUpperCase());
    expect(erased).toMatchObject({ unpaid: 1, paid: 1 });
    expect(await personal(unpaid.id)).toMatchObject({ customer_name: ERASED.name, customer_email: ERASED.email, street: '-' });
    const kept = await personal(paid.id);
    expect(kept).toMatchObject({ customer_name: 'Asha Verma', street: `${tag} Street`, city: 'New Delhi', amount_paise: 115_000, customer_email: ERASED.email, customer_phone: ERASED.phone });
    expect(kept.search_text).not.toContain(email.toLowerCase());
    expect(kept.search_text).not.toContain('9123456780');
    expect((await personal(someoneElse.id)).customer_email).toBe('asha@example.in');
    const bySearch = await call(h.app, 'GET', `/api/admin/orders?search=${encodeURIComponent(email.toLowerCase())}`, { token });
    expect(bySearch.body.total).toBe(0);
  });

  it('their complaints lose name, e-mail, phone and text; the ticket, its dates and the resolution stay', async () => {
    const tag = uniqueTag();
    const email = `${tag}.Shopper@Example.in`;
    const complaint = (values: { email: string; ticket: string }) =>
      h.db
        .insertInto('complaints')
        .values({
          ticket_number: values.ticket,
          name: 'Meera Iyer',
          email: values.email,
          phone: '9123456780',
          category: 'damaged',
          message: 'The jar leaked; call me on 9123456780.',
          acknowledge_by: new Date(Date.now() + 2 * 86_400_000),
          resolve_by: new Date(Date.now() + 30 * 86_400_000),
          acknowledged_at: new Date(),
          acknowledged_by: 'owner',
          resolved_at: new Date(),
          resolved_by: 'owner',
          resolution: 'Sent a new jar.',
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    const theirs = await complaint({ email: email.toLowerCase(), ticket: `GRV-${tag}-1` });
    const someoneElses = await complaint({ email: `${tag}.other@example.in`, ticket: `GRV-${tag}-2` });
    await h.db.insertInto('sent_emails').values({ dedupe_key: theirs.id, kind: 'complaint-received', recipient: email.toLowerCase() }).execute();
    await h.db.insertInto('sent_emails').values({ dedupe_key: theirs.id, kind: 'complaint-owner-alert', recipient: 'owner@royalpickles.in' }).execute();

    expect((await eraseShopper(h.db, email.toUpperCase())).complaints).toBe(1);
    const erased = await h.db.selectFrom('complaints').selectAll().where('id', '=', theirs.id).executeTakeFirstOrThrow();
    expect(erased).toMatchObject({ name: ERASED.name, email: ERASED.email, phone: null, message: ERASED.text, personal_data_erased_at: expect.any(Date) });
    expect(erased).toMatchObject({ ticket_number: theirs.ticket_number, created_at: theirs.created_at, acknowledge_by: theirs.acknowledge_by, resolve_by: theirs.resolve_by, resolution: 'Sent a new jar.' });
    const recipients = await h.db.selectFrom('sent_emails').select(['kind', 'recipient']).where('dedupe_key', '=', theirs.id).orderBy('kind').execute();
    expect(recipients).toEqual([
      { kind: 'complaint-owner-alert', recipient: 'owner@royalpickles.in' },
      { kind: 'complaint-received', recipient: ERASED.email },
    ]);
    expect(await h.db.selectFrom('complaints').select(['name', 'email', 'message']).where('id', '=', someoneElses.id).executeTakeFirstOrThrow()).toEqual({
      name: 'Meera Iyer',
      email: someoneElses.email,
      message: someoneElses.message,
    });
  });
});

/**
 * Every place in the database a value can be: each text, varchar and json(b) column of every table
 * in the schema, searched for it (case-insensitively). Returns "table.column" for each hit.
 */
async function whereInTheDatabase(value: string): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.data_type in ('text', 'character varying', 'json', 'jsonb')
    order by c.table_name, c.column_name`.execute(h.db);
  const hits: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)}::text ilike ${`%${value}%`}`.execute(h.db);
    if (rows[0]!.n) hits.push(`${table}.${column}`);
  }
  return hits;
}

describe('erasure leaves the address and phone nowhere', () => {
  it('after a shopper\'s erasure the whole database is searched for their e-mail and phone: live, removed (archived) and e-mailed orders, complaints', async () => {
    const tag = uniqueTag();
    const email = `${tag}.Erase@Example.in`;
    const phone = `9${String(randomInt(100_000_000, 999_999_999))}`;
    const paidLive = await insertOrder(h.db, { tag, email, phone, status: 'paid' });
    const unpaidLive = await insertOrder(h.db, { tag, email, phone, status: 'created', paymentStatus: 'pending', razorpayPaymentId: null, paidAt: null });
    const paidRemoved = await insertOrder(h.db, { tag, email, phone, status: 'completed' });
    const unpaidRemoved = await insertOrder(h.db, { tag, email, phone, status: 'cancelled', paymentStatus: 'failed', razorpayPaymentId: null, paidAt: null });
    for (const order of [paidLive, paidRemoved]) {
      await h.db.insertInto('sent_emails').values({ order_id: order.id, kind: 'confirmation', recipient: email.toLowerCase(), state: 'sent' }).execute();
    }
    await h.db.insertInto('sent_emails').values({ order_id: unpaidRemoved.id, dedupe_key: unpaidRemoved.id, kind: 'cancelled', recipient: email, state: 'sent' }).execute();
    // The owner removes the finished ones from the panel: they live on in the archive.
    const removed = await call(h.app, 'POST', '/api/order/remove-multiple', { token, body: { orderIds: [paidRemoved.id, unpaidRemoved.id] } });
    expect(removed.body).toMatchObject({ removedCount: 2 });
    const complaint = await h.db
      .insertInto('complaints')
      .values({ ticket_number: `GRV-${tag}`, name: 'Kavya Rao', email: email.toLowerCase(), phone, order_number: paidLive.orderNumber, order_id: paidLive.id, category: 'damaged', message: `Call me on ${phone} or write to ${email}`, acknowledge_by: new Date(), resolve_by: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db.insertInto('sent_emails').values({ dedupe_key: complaint.id, kind: 'complaint-received', recipient: email.toLowerCase(), state: 'sent' }).execute();
    expect((await whereInTheDatabase(email)).length).toBeGreaterThan(0);
    expect((await whereInTheDatabase(phone)).length).toBeGreaterThan(0);

    await eraseShopper(h.db, email);
    expect(await whereInTheDatabase(email)).toEqual([]);
    expect(await whereInTheDatabase(phone)).toEqual([]);
    // What the tax invoice needs stays: the paid orders' names and addresses, live and archived.
    expect((await personal(paidLive.id)).customer_name).toBe('Asha Verma');
    expect((await personal(unpaidLive.id)).customer_name).toBe(ERASED.name);
    const archived = await h.db.selectFrom('archived_orders').select('snapshot').where('order_id', '=', paidRemoved.id).executeTakeFirstOrThrow();
    expect(archived.snapshot).toMatchObject({ customer_name: 'Asha Verma', street: `${tag} Street` });
    // And the tracking links of their orders are revoked.
    expect((await h.db.selectFrom('orders').select('tracking_link_version').where('id', '=', paidLive.id).executeTakeFirstOrThrow()).tracking_link_version).toBe(1);
  });
});
