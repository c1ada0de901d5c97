import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamExportLines } from '../src/db/export-lines.js';
import { call, insertOrder, startAsOwner, uniqueTag, type Harness } from './helpers.js';

let h: Harness;
let token: string;
let username: string;
beforeAll(async () => ({ h, token, username } = await startAsOwner()));
afterAll(() => h?.close());

const list = async (query: Record<string, string>) => {
  const res = await call(h.app, 'GET', `/api/admin/orders?${new URLSearchParams(query)}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { orders: any[]; total: number; page: number; pageSize: number; cards: any; asOf: string; attention: any[] };
};
const ids = (body: { orders: any[] }) => body.orders.map((o) => o.orderId);

describe('GET /api/admin/orders', () => {
  it('returns the spec order shape, the filter total and page, and cards over all orders', async () => {
    const tag = uniqueTag();
    const old = new Date(Date.now() - 4 * 86_400_000);
    const a = await insertOrder(h.db, { tag, status: 'paid', createdAt: old, items: [{ name: 'Royal Chicken Pickle', quantity: 2 }], amountPaise: 115_000 });
    await insertOrder(h.db, { tag, status: 'created', paymentStatus: 'pending' });
    const body = await list({ search: tag, pageSize: '1', page: '2', sortDir: 'asc' });
    expect(body.total).toBe(2);
    expect(body.page).toBe(2);
    expect(body.pageSize).toBe(1);
    expect(body.orders).toHaveLength(1);
    const first = (await list({ search: tag, sortDir: 'asc' })).orders[0];
    expect(first).toMatchObject({
      _id: a.id,
      orderId: a.orderNumber,
      customerInfo: { name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210' },
      deliveryAddress: { flatNumber: '12B', street: `${tag} Street`, area: 'Green Park', city: 'New Delhi', state: 'Delhi', pincode: '110016' },
      amount: 1150,
      items: [{ name: 'Royal Chicken Pickle', quantity: 2 }],
      status: 'paid',
      paymentStatus: 'paid',
      createdAt: old.toISOString(),
    });
    expect(first.razorpayPaymentId).toMatch(/^pay_/);
    const { cards } = body;
    expect(Object.keys(cards.byStatus).sort()).toEqual(['cancelled', 'completed', 'created', 'delivered', 'failed', 'paid', 'pending']);
    expect(Object.values(cards.byStatus as Record<string, number>).reduce((s, n) => s + n, 0)).toBe(cards.total);
    expect(cards.total).toBeGreaterThan(body.total - 1);
    expect(cards.unattended).toBeGreaterThanOrEqual(1);
  });

  it('filters status and payment status exactly, pincode by substring, city and state case-insensitively', async () => {
    const tag = uniqueTag();
    const mumbai = await insertOrder(h.db, { tag, status: 'delivered', city: 'Mumbai', state: 'Maharashtra', pincode: '400001' });
    const pune = await insertOrder(h.db, { tag, status: 'paid', city: 'Pune', state: 'Maharashtra', pincode: '411001' });
    const pending = await insertOrder(h.db, { tag, status: 'created', paymentStatus: 'pending', city: 'Navi Mumbai', state: 'Maharashtra', pincode: '400703' });
    expect(ids(await list({ search: tag, status: 'delivered' }))).toEqual([mumbai.orderNumber]);
    expect(ids(await list({ search: tag, paymentStatus: 'pending' }))).toEqual([pending.orderNumber]);
    expect(ids(await list({ search: tag, pincode: '400' })).sort()).toEqual([mumbai.orderNumber, pending.orderNumber].sort());
    expect(ids(await list({ search: tag, pincode: '001' })).sort()).toEqual([mumbai.orderNumber, pune.orderNumber].sort());
    expect(ids(await list({ search: tag, city: 'mUMb' })).sort()).toEqual([mumbai.orderNumber, pending.orderNumber].sort());
    expect((await list({ search: tag, state: 'MAHA' })).total).toBe(3);
    expect((await list({ search: tag, state: 'karn' })).total).toBe(0);
    expect((await list({ search: tag, city: '%' })).total).toBe(0);
  });

  it('searches case-insensitively over order id, payment id, name, email, phone, address and item names', async () => {
    const tag = uniqueTag();
    const order = await insertOrder(h.db, { tag, name: 'Zubin Mehta', email: 'Zubin.M@Example.in', phone: '9123456780', razorpayPaymentId: 'pay_SEARCHME12345', items: [{ name: 'Shahi Mutton Kofta Pickle', quantity: 1 }] });
    await insertOrder(h.db, { tag });
    for (const term of [order.orderNumber.toLowerCase(), 'pay_searchme', 'zubin meh', 'zubin.m@example', '912345678', `${tag} street`.toUpperCase(), 'mutton kofta']) {
      expect(ids(await list({ search: term })), term).toContain(order.orderNumber);
      expect((await list({ search: `${term}`, city: 'new delhi', pincode: '110016' })).orders.every((o) => o.orderId === order.orderNumber || !term.includes('zubin')), term).toBe(true);
    }
    expect((await list({ search: tag })).total).toBe(2);
  });

  it('finds an order by its date as the panel shows it (India\'s day, d/m/yyyy) or written with two digits (dd/mm/yyyy)', async () => {
    const tag = uniqueTag();
    // 20:00 UTC on 4 Nov is 01:30 on 5 Nov in India: the panel shows '5/11/2026, 1:30:00 am'.
    const order = await insertOrder(h.db, { tag, createdAt: new Date('2026-11-04T20:00:00Z') });
    const other = await insertOrder(h.db, { tag, createdAt: new Date('2026-11-04T06:00:00Z') });
    expect(ids(await list({ search: '5/11/2026' }))).toContain(order.orderNumber);
    expect(ids(await list({ search: '05/11/2026' }))).toContain(order.orderNumber);
    expect(ids(await list({ search: tag, status: 'paid' }))).toHaveLength(2);
    expect(ids(await list({ search: '05/11/2026' }))).not.toContain(other.orderNumber);
    expect(ids(await list({ search: '4/11/2026' }))).toContain(other.orderNumber);
  });

  it('"To dispatch": paid orders with no dispatch recorded, and nothing else', async () => {
    const tag = uniqueTag();
    const waiting = await insertOrder(h.db, { tag, status: 'paid', createdAt: new Date(Date.now() - 2 * 86_400_000) });
    const newer = await insertOrder(h.db, { tag, status: 'paid' });
    const dispatched = await insertOrder(h.db, { tag, status: 'paid' });
    await h.db.insertInto('order_dispatches').values({ order_id: dispatched.id, courier: 'delhivery', awb: `DLV${tag}`, recorded_by: 'admin' }).execute();
    await insertOrder(h.db, { tag, status: 'created', paymentStatus: 'pending' });
    await insertOrder(h.db, { tag, status: 'delivered' });
    await insertOrder(h.db, { tag, status: 'cancelled', paymentStatus: 'refunded' });
    // Oldest first, as the panel's view asks.
    expect(ids(await list({ search: tag, dispatch: 'waiting', sortField: 'createdAt', sortDir: 'asc' }))).toEqual([waiting.orderNumber, newer.orderNumber]);
    const bad = await call(h.app, 'GET', '/api/admin/orders?dispatch=yes', { token });
    expect(bad.status).toBe(400);
  });

  it('bounds dates by whole India days, both inclusive', async () => {
    const tag = uniqueTag();
    // 2025-03-10 00:00 IST is 2025-03-09T18:30Z; 2025-03-10 23:59:59 IST is 2025-03-10T18:29:59Z.
    const before = await insertOrder(h.db, { tag, createdAt: new Date('2025-03-09T18:29:59Z') });
    const startOfDay = await insertOrder(h.db, { tag, createdAt: new Date('2025-03-09T18:30:00Z') });
    const endOfDay = await insertOrder(h.db, { tag, createdAt: new Date('2025-03-10T18:29:59Z') });
    const nextDay = await insertOrder(h.db, { tag, createdAt: new Date('2025-03-10T18:30:00Z') });
    expect(ids(await list({ search: tag, dateFrom: '2025-03-10', dateTo: '2025-03-10' })).sort()).toEqual([startOfDay.orderNumber, endOfDay.orderNumber].sort());
    expect(ids(await list({ search: tag, dateFrom: '2025-03-11' }))).toEqual([nextDay.orderNumber]);
    expect(ids(await list({ search: tag, dateTo: '2025-03-09' }))).toEqual([before.orderNumber]);
    const bad = await call(h.app, 'GET', '/api/admin/orders?dateFrom=10-03-2025', { token });
    expect(bad.status).toBe(400);
  });

  it('sorts by created, updated, paid date and amount in both directions', async () => {
    const tag = uniqueTag();
    const day = (n: number) => new Date(Date.UTC(2025, 0, n));
    const a = await insertOrder(h.db, { tag, createdAt: day(1), updatedAt: day(9), paidAt: day(5), amountPaise: 90_000 });
    const b = await insertOrder(h.db, { tag, createdAt: day(2), updatedAt: day(8), paidAt: null, paymentStatus: 'failed', amountPaise: 200_000 });
    const c = await insertOrder(h.db, { tag, createdAt: day(3), updatedAt: day(7), paidAt: day(4), amountPaise: 110_000 });
    const sorted = async (sortField: string, sortDir: string) => ids(await list({ search: tag, sortField, sortDir }));
    expect(await sorted('createdAt', 'desc')).toEqual([c, b, a].map((o) => o.orderNumber));
    expect(await sorted('createdAt', 'asc')).toEqual([a, b, c].map((o) => o.orderNumber));
    expect(await sorted('updatedAt', 'desc')).toEqual([a, b, c].map((o) => o.orderNumber));
    expect(await sorted('amount', 'desc')).toEqual([b, c, a].map((o) => o.orderNumber));
    expect(await sorted('amount', 'asc')).toEqual([a, c, b].map((o) => o.orderNumber));
    expect(await sorted('paidAt', 'desc')).toEqual([a, c, b].map((o) => o.orderNumber));
    expect(await sorted('paidAt', 'asc')).toEqual([c, a, b].map((o) => o.orderNumber));
    // Default: created date, newest first.
    expect(ids(await list({ search: tag }))).toEqual([c, b, a].map((o) => o.orderNumber));
  });

  it('refuses an unknown sort field or a page size over the cap', async () => {
    expect((await call(h.app, 'GET', '/api/admin/orders?sortField=customer_name', { token })).status).toBe(400);
    expect((await call(h.app, 'GET', '/api/admin/orders?pageSize=5000', { token })).status).toBe(400);
  });
});

describe('status changes', () => {
  it('sets one order, records who, when, from and to, and shows it in the history', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'paid' });
    const res = await call(h.app, 'PATCH', `/api/admin/orders/${order.id}/status`, { token, body: { status: 'delivered' } });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ _id: order.id, status: 'delivered' });
    const history = await call(h.app, 'GET', `/api/admin/orders/${order.id}/history`, { token });
    expect(history.body.history).toEqual([
      expect.objectContaining({ fromStatus: 'paid', toStatus: 'delivered', changedBy: `admin:${username}`, changedAt: expect.any(String) }),
    ]);
    const again = await call(h.app, 'PATCH', `/api/admin/orders/${order.id}/status`, { token, body: { status: 'delivered' } });
    expect(again.status).toBe(200);
    expect((await call(h.app, 'GET', `/api/admin/orders/${order.id}/history`, { token })).body.history).toHaveLength(1);
  });

  it('refuses a change on a pending-payment order with 409 and changes nothing', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'created', paymentStatus: 'pending' });
    const res = await call(h.app, 'PATCH', `/api/admin/orders/${order.id}/status`, { token, body: { status: 'paid' } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, error: 'Cannot change the status of an order whose payment is pending' });
    const row = await h.db.selectFrom('orders').select(['status', 'updated_at', 'created_at']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('created');
    expect(new Date(row.updated_at).getTime()).toBe(new Date(row.created_at).getTime());
  });

  it('refuses paid, delivered and completed on an order whose payment failed, and lets the owner cancel it', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'failed', paymentStatus: 'failed', razorpayPaymentId: null, paidAt: null });
    for (const status of ['paid', 'delivered', 'completed']) {
      const res = await call(h.app, 'PATCH', `/api/admin/orders/${order.id}/status`, { token, body: { status } });
      expect(res.status, status).toBe(409);
      expect(res.body).toEqual({ success: false, error: `Cannot set ${status}: this order's payment failed` });
    }
    expect((await h.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('failed');
    const cancelled = await call(h.app, 'PATCH', `/api/admin/orders/${order.id}/status`, { token, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order).toMatchObject({ _id: order.id, status: 'cancelled', paymentStatus: 'failed' });
  });

  it('lets a fully refunded order be closed or cancelled, but not sent out again', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'delivered', paymentStatus: 'refunded' });
    expect((await call(h.app, 'PATCH', `/api/admin/orders/${order.id}/status`, { token, body: { status: 'paid' } })).status).toBe(409);
    expect((await call(h.app, 'PATCH', `/api/admin/orders/${order.id}/status`, { token, body: { status: 'completed' } })).status).toBe(200);
  });

  it('refuses statuses the owner may not set, and unknown orders', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag() });
    expect((await call(h.app, 'PATCH', `/api/admin/orders/${order.id}/status`, { token, body: { status: 'failed' } })).status).toBe(400);
    expect((await call(h.app, 'PATCH', `/api/admin/orders/${crypto.randomUUID()}/status`, { token, body: { status: 'paid' } })).status).toBe(404);
  });
});

describe('PATCH /api/order/batch-update-status', () => {
  it('updates exactly the listed orders in one go, reporting the ones the lifecycle refuses, with history', async () => {
    const tag = uniqueTag();
    const a = await insertOrder(h.db, { tag, status: 'paid' });
    const b = await insertOrder(h.db, { tag, status: 'delivered' });
    const p = await insertOrder(h.db, { tag, status: 'created', paymentStatus: 'pending' });
    const f = await insertOrder(h.db, { tag, status: 'failed', paymentStatus: 'failed' });
    const notListed = await insertOrder(h.db, { tag, status: 'paid' });
    const res = await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds: [a.id, b.id, p.id, f.id], status: 'delivered' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: 'delivered', updatedCount: 1, unchangedCount: 1, refusedCount: 2 });
    expect(res.body.refused).toEqual(
      expect.arrayContaining([
        { _id: p.id, orderId: p.orderNumber, reason: 'Cannot change the status of an order whose payment is pending' },
        { _id: f.id, orderId: f.orderNumber, reason: "Cannot set delivered: this order's payment failed" },
      ]),
    );
    const rows = await h.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', [a.id, b.id, p.id, f.id, notListed.id]).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
      [a.id]: 'delivered',
      [b.id]: 'delivered',
      [p.id]: 'created',
      [f.id]: 'failed',
      [notListed.id]: 'paid',
    });
    const history = await h.db.selectFrom('order_status_history').selectAll().where('order_id', 'in', [a.id, b.id, p.id, f.id]).execute();
    expect(history.map((r) => [r.order_id, r.from_status, r.to_status, r.changed_by])).toEqual([[a.id, 'paid', 'delivered', `admin:${username}`]]);
  });

  it('no longer takes a filter: only the spec\'s ids of the visible orders', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'paid' });
    const res = await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { filter: { search: order.orderNumber }, status: 'completed' } });
    expect(res.status).toBe(400);
    expect((await h.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('paid');
  });

  it('the ids the panel sends leave out orders that changed after the list was loaded', async () => {
    const tag = uniqueTag();
    const seen = await Promise.all(Array.from({ length: 3 }, () => insertOrder(h.db, { tag, city: 'Pune', status: 'paid' })));
    const laterPaid = await insertOrder(h.db, { tag, city: 'Pune', status: 'created', paymentStatus: 'pending' });
    const elsewhere = await insertOrder(h.db, { tag, city: 'Patna', status: 'paid' });
    const loaded = await list({ search: tag, city: 'PUNE' });
    expect(loaded.total).toBe(4);
    expect(Date.parse(loaded.asOf)).not.toBeNaN();
    // The shopper pays after the owner loaded the panel; another order arrives too.
    await h.db.updateTable('orders').set({ status: 'paid', payment_status: 'paid', updated_at: new Date(Date.now() + 1000) }).where('id', '=', laterPaid.id).execute();
    await insertOrder(h.db, { tag, city: 'Pune', status: 'paid', createdAt: new Date(Date.now() + 1000) });
    const idsRes = await call(h.app, 'GET', `/api/admin/orders/ids?${new URLSearchParams({ search: tag, city: 'PUNE', asOf: loaded.asOf })}`, { token });
    expect(idsRes.status).toBe(200);
    expect([...idsRes.body.orderIds].sort()).toEqual(seen.map((o) => o.id).sort());
    const res = await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds: idsRes.body.orderIds, status: 'completed' } });
    expect(res.body).toMatchObject({ updatedCount: 3, unchangedCount: 0, refusedCount: 0 });
    const statuses = await h.db.selectFrom('orders').select(['id', 'status']).where('id', 'in', [laterPaid.id, elsewhere.id]).execute();
    expect(statuses.map((r) => r.status).sort()).toEqual(['paid', 'paid']);
    expect((await call(h.app, 'GET', '/api/admin/orders/ids?asOf=yesterday', { token })).status).toBe(400);
  });

  it('is all or nothing: one bad id fails the batch before anything changes', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'paid' });
    const res = await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds: [order.id, 'not-a-uuid'], status: 'cancelled' } });
    expect(res.status).toBe(400);
    expect((await h.db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow()).status).toBe('paid');
  });

  it('rolls back the whole batch when a write fails midway', async () => {
    const tag = uniqueTag();
    const a = await insertOrder(h.db, { tag, status: 'paid' });
    const b = await insertOrder(h.db, { tag, status: 'paid' });
    // A history trigger failing on the second row makes the statement fail after the first update.
    await h.db.schema.createTable(`fail_${tag}`).addColumn('x', 'integer').execute();
    const { sql } = await import('@pickles/db');
    await sql`create function ${sql.raw(`fail_${tag}`)}() returns trigger language plpgsql as $$ begin
      if new.order_id = ${sql.lit(b.id)}::uuid then raise exception 'boom'; end if; return new; end $$`.execute(h.db);
    await sql`create trigger ${sql.raw(`fail_${tag}`)} before insert on order_status_history for each row execute function ${sql.raw(`fail_${tag}`)}()`.execute(h.db);
    try {
      const res = await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds: [a.id, b.id], status: 'cancelled' } });
      expect(res.status).toBe(500);
    } finally {
      await sql`drop trigger ${sql.raw(`fail_${tag}`)} on order_status_history`.execute(h.db);
      await sql`drop function ${sql.raw(`fail_${tag}`)}()`.execute(h.db);
      await h.db.schema.dropTable(`fail_${tag}`).execute();
    }
    const rows = await h.db.selectFrom('orders').select('status').where('id', 'in', [a.id, b.id]).execute();
    expect(rows.map((r) => r.status)).toEqual(['paid', 'paid']);
  });
});

describe('GET /api/admin/orders/ids?settableTo=', () => {
  it('counts exactly the orders a batch to that status would change: not those already in it, nor those the lifecycle refuses', async () => {
    const tag = uniqueTag();
    const paid = await insertOrder(h.db, { tag, status: 'paid' });
    const alreadyDelivered = await insertOrder(h.db, { tag, status: 'delivered' });
    const pending = await insertOrder(h.db, { tag, status: 'created', paymentStatus: 'pending', razorpayPaymentId: null, paidAt: null });
    const failed = await insertOrder(h.db, { tag, status: 'failed', paymentStatus: 'failed' });
    const asOf = new Date(Date.now() + 60_000).toISOString();
    const settable = await call(h.app, 'GET', `/api/admin/orders/ids?${new URLSearchParams({ search: tag, settableTo: 'delivered', asOf })}`, { token });
    expect(settable.status).toBe(200);
    expect(settable.body.orderIds).toEqual([paid.id]);
    // And the batch over exactly those ids changes every one of them.
    const batch = await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds: settable.body.orderIds, status: 'delivered' } });
    expect(batch.body).toMatchObject({ updatedCount: 1, unchangedCount: 0, refusedCount: 0 });
    const all = await call(h.app, 'GET', `/api/admin/orders/ids?${new URLSearchParams({ search: tag, asOf })}`, { token });
    expect([...all.body.orderIds].sort()).toEqual([paid.id, alreadyDelivered.id, pending.id, failed.id].sort());
    expect((await call(h.app, 'GET', `/api/admin/orders/ids?${new URLSearchParams({ search: tag, settableTo: 'shipped', asOf })}`, { token })).status).toBe(400);
  });
});

describe('POST /api/order/remove-multiple', () => {
  it('archives only finished orders with no money held, with a full snapshot, and never touches the others', async () => {
    const tag = uniqueTag();
    const done = await insertOrder(h.db, { tag, status: 'completed', amountPaise: 60_000, items: [{ name: 'Royal Chicken Pickle', quantity: 3 }] });
    const cancelled = await insertOrder(h.db, { tag, status: 'cancelled', paymentStatus: 'refunded' });
    const expired = await insertOrder(h.db, { tag, status: 'cancelled', paymentStatus: 'pending', razorpayPaymentId: null, paidAt: null });
    // Cancelled, but the shopper's money is still held: it stays until refunded.
    const moneyHeld = await insertOrder(h.db, { tag, status: 'cancelled', paymentStatus: 'paid' });
    const others = await Promise.all(['created', 'pending', 'paid', 'failed', 'delivered'].map((status) => insertOrder(h.db, { tag, status, paymentStatus: status === 'created' || status === 'pending' ? 'pending' : status === 'failed' ? 'failed' : 'paid' })));
    await call(h.app, 'PATCH', `/api/admin/orders/${others[2]!.id}/status`, { token, body: { status: 'completed' } });
    await call(h.app, 'PATCH', `/api/admin/orders/${others[2]!.id}/status`, { token, body: { status: 'paid' } });
    const removableIds = await call(h.app, 'GET', `/api/admin/orders/ids?${new URLSearchParams({ search: tag, removable: 'true', asOf: new Date(Date.now() + 60_000).toISOString() })}`, { token });
    expect([...removableIds.body.orderIds].sort()).toEqual([done.id, cancelled.id, expired.id].sort());
    const given = [done.id, cancelled.id, expired.id, moneyHeld.id, ...others.map((o) => o.id)];
    const res = await call(h.app, 'POST', '/api/order/remove-multiple', { token, body: { orderIds: given } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, removedCount: 3, refusedCount: 6 });
    const left = await list({ search: tag });
    expect(left.total).toBe(6);
    expect(left.orders.map((o) => o.status).sort()).toEqual(['cancelled', 'created', 'delivered', 'failed', 'paid', 'pending']);
    const archived = await h.db.selectFrom('archived_orders').selectAll().where('order_id', 'in', [done.id, cancelled.id, expired.id]).execute();
    expect(archived).toHaveLength(3);
    const snapshot = archived.find((a) => a.order_id === done.id)!.snapshot as any;
    expect(snapshot).toMatchObject({ id: done.id, order_number: done.orderNumber, status: 'completed', amount_paise: 60_000, customer_name: 'Asha Verma', refunds: [] });
    expect(snapshot.items).toEqual([expect.objectContaining({ name: 'Royal Chicken Pickle', quantity: 3 })]);
    expect(archived[0]!.archived_by).toBe(`admin:${username}`);
    expect(await h.db.selectFrom('order_items').select('id').where('order_id', '=', done.id).execute()).toEqual([]);
  });

  it('a cancelled order whose money is held can be neither completed nor removed: the owner refunds it or takes it back', async () => {
    const tag = uniqueTag();
    const held = await insertOrder(h.db, { tag, status: 'cancelled', paymentStatus: 'paid' });
    const completed = await call(h.app, 'PATCH', `/api/admin/orders/${held.id}/status`, { token, body: { status: 'completed' } });
    expect(completed.status).toBe(409);
    expect(completed.body.error).toBe('Cannot set completed on a cancelled order whose payment is held: refund it, or take it back first by setting it to paid');
    const batch = await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds: [held.id], status: 'delivered' } });
    expect(batch.body).toMatchObject({ updatedCount: 0, refusedCount: 1 });
    const removed = await call(h.app, 'POST', '/api/order/remove-multiple', { token, body: { orderIds: [held.id] } });
    expect(removed.body).toEqual({ success: true, removedCount: 0, refusedCount: 1 });
    expect(await h.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', held.id).executeTakeFirstOrThrow()).toEqual({ status: 'cancelled', payment_status: 'paid' });
    expect(await h.db.selectFrom('archived_orders').select('order_id').where('order_id', '=', held.id).execute()).toEqual([]);
  });

  it('the snapshot keeps the status history and the dispatch record; a filter body is refused', async () => {
    const tag = uniqueTag();
    const a = await insertOrder(h.db, { tag, status: 'paid' });
    expect((await call(h.app, 'PUT', `/api/admin/orders/${a.id}/dispatch`, { token, body: { courierId: 'delhivery', awb: 'DL55501234' } })).status).toBe(200);
    await call(h.app, 'PATCH', `/api/admin/orders/${a.id}/status`, { token, body: { status: 'completed' } });
    const b = await insertOrder(h.db, { tag, status: 'paid' });
    expect((await call(h.app, 'POST', '/api/order/remove-multiple', { token, body: { filter: { search: tag } } })).status).toBe(400);
    const res = await call(h.app, 'POST', '/api/order/remove-multiple', { token, body: { orderIds: [a.id, b.id] } });
    expect(res.body).toEqual({ success: true, removedCount: 1, refusedCount: 1 });
    const archived = await h.db.selectFrom('archived_orders').select('snapshot').where('order_id', '=', a.id).executeTakeFirstOrThrow();
    expect((archived.snapshot as any).history).toEqual([expect.objectContaining({ from_status: 'paid', to_status: 'completed' })]);
    expect((archived.snapshot as any).dispatch).toMatchObject({ courier: 'delhivery', awb: 'DL55501234' });
    expect((archived.snapshot as any).refund_requests).toEqual([]);
    expect(ids(await list({ search: tag }))).toEqual([b.orderNumber]);
  });
});

describe('GET /api/admin/orders/export', () => {
  it('streams every order matching the filter as NDJSON, across cursor batches', async () => {
    const tag = uniqueTag();
    await Promise.all(Array.from({ length: 7 }, (_, i) => insertOrder(h.db, { tag, status: i % 2 ? 'paid' : 'delivered', createdAt: new Date(Date.UTC(2025, 1, i + 1)) })));
    const res = await call(h.app, 'GET', `/api/admin/orders/export?search=${tag}&sortDir=asc`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/ndjson/);
    const lines = res.text.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(7);
    expect(lines.map((o) => o.createdAt)).toEqual([...lines.map((o) => o.createdAt)].sort());
    expect(lines[0]).toMatchObject({ items: [{ name: 'Royal Chicken Pickle', quantity: 1 }], status: 'delivered' });
    // Each line is exactly what the list answers for that order.
    const listed = await list({ search: tag, sortDir: 'asc', pageSize: '10' });
    expect(lines).toEqual(listed.orders);
    const odd = await insertOrder(h.db, { tag: uniqueTag(), amountPaise: 123_456, paymentStatus: 'pending', razorpayPaymentId: null, paidAt: null });
    const oddLine = JSON.parse((await call(h.app, 'GET', `/api/admin/orders/export?search=${odd.orderNumber}`, { token })).text.trim());
    expect(oddLine).toEqual((await list({ search: odd.orderNumber })).orders[0]);
    expect(oddLine.amount).toBe(1234.56);
    expect(oddLine).not.toHaveProperty('paidAt');
    expect(oddLine).not.toHaveProperty('razorpayPaymentId');
    const paidOnly = await call(h.app, 'GET', `/api/admin/orders/export?search=${tag}&status=paid`, { token });
    expect(paidOnly.text.trim().split('\n')).toHaveLength(3);
  });

  it('hands on every order once, in order, whatever the batch size (the next batch is read while one is written)', async () => {
    const tag = uniqueTag();
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        insertOrder(h.db, { tag, createdAt: new Date(Date.UTC(2025, 2, i + 1)), items: [{ name: 'Royal Chicken Pickle', quantity: i + 1 }, { name: 'Mutton Pickle', quantity: 1 }] }),
      ),
    );
    const listed = (await list({ search: tag, sortDir: 'asc', pageSize: '10' })).orders;
    const options = { filter: { search: tag }, sortField: 'createdAt', sortDir: 'asc' } as const;
    for (const batchSize of [1, 3, 4, 6, 7]) {
      const batches: string[] = [];
      await streamExportLines(h.db, options, async (text) => {
        batches.push(text);
      }, batchSize);
      const lines = batches.join('').split('\n');
      expect(lines.pop(), `batch size ${batchSize}: every line ends with a newline`).toBe('');
      expect(lines.map((line) => JSON.parse(line)), `batch size ${batchSize}`).toEqual(listed);
      expect(batches.every((text) => text.endsWith('\n') && text.split('\n').length - 1 <= batchSize), `batch size ${batchSize}`).toBe(true);
    }
    // A reader that gives up mid-stream ends it with its error, and the pool is fine afterwards.
    await expect(streamExportLines(h.db, options, async () => { throw new Error('client went away'); }, 2)).rejects.toThrow('client went away');
    expect((await list({ search: tag })).total).toBe(6);
  });

  it('writes each line byte for byte as JSON.stringify writes the list\'s order, awkward text, amounts and instants included', async () => {
    const tag = uniqueTag();
    const awkward = [
      insertOrder(h.db, {
        tag,
        name: 'Zoë "Quote" \\ Backslash\tTab',
        email: 'zoë+tag@example.in',
        flatNumber: 'Flat 7/\u2028B',
        street: `${tag} Rue de l’Église 🚚`,
        area: 'Ménage\u0001\u001f control',
        city: 'मुंबई',
        amountPaise: 101,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, 0, 7)),
        updatedAt: new Date(Date.UTC(2025, 0, 2, 23, 59, 59, 999)),
        paidAt: new Date(Date.UTC(2025, 0, 1, 0, 0, 1, 120)),
        items: [{ name: 'Pickle "Special" </script>', quantity: 3 }],
      }),
      insertOrder(h.db, { tag, amountPaise: 123_456_789, paymentStatus: 'pending', status: 'created', razorpayPaymentId: null, paidAt: null, createdAt: new Date(Date.UTC(2025, 0, 3)) }),
      insertOrder(h.db, { tag, amountPaise: 130, createdAt: new Date(Date.UTC(2025, 0, 4)), items: [{ name: 'Mutton Pickle', quantity: 12 }, { name: 'Prawn Pickle', quantity: 1 }] }),
      insertOrder(h.db, { tag, amountPaise: 70_010, createdAt: new Date(Date.UTC(2025, 0, 5)), razorpayPaymentId: '' }),
    ];
    const [first] = await Promise.all(awkward);
    await h.db.updateTable('orders').set({ refunded_paise: 33, discount_code: 'LAUNCH"10', discount_paise: 10_050 }).where('id', '=', first!.id).execute();
    const listed = (await list({ search: tag, sortDir: 'asc', pageSize: '10' })).orders;
    expect(listed).toHaveLength(4);
    let text = '';
    await streamExportLines(h.db, { filter: { search: tag }, sortField: 'createdAt', sortDir: 'asc' }, async (batch) => {
      text += batch;
    });
    expect(text).toBe(listed.map((order) => `${JSON.stringify(order)}\n`).join(''));
  });

  it("carries the GST invoice's figures in rupees once one is issued, for the accountant's export", async () => {
    const tag = uniqueTag();
    const order = await insertOrder(h.db, { tag, status: 'paid', amountPaise: 60_000 });
    const exported = async () => JSON.parse((await call(h.app, 'GET', `/api/admin/orders/export?search=${order.orderNumber}`, { token })).text.trim());
    expect(await exported()).not.toHaveProperty('invoice');
    const totals = { grossPaise: 60_000, taxablePaise: 53_572, cgstPaise: 0, sgstPaise: 0, igstPaise: 6_428, taxPaise: 6_428 };
    const number = `RP/99-00/${String(Math.floor(Math.random() * 999_999) + 1).padStart(6, '0')}`;
    await h.db
      .insertInto('tax_documents')
      .values({
        kind: 'invoice',
        number,
        financial_year: '2099-00',
        sequence: Number(number.slice(-6)),
        order_id: order.id,
        order_number: order.orderNumber,
        razorpay_payment_id: `pay_${tag}`,
        issued_at: new Date(),
        place_of_supply_code: '27',
        place_of_supply_name: 'Maharashtra',
        supply: 'inter-state',
        figures: JSON.stringify({ supply: 'inter-state', lines: [], totals }),
        seller: JSON.stringify({}),
        recipient: JSON.stringify({}),
      })
      .execute();
    expect((await exported()).invoice).toEqual({ number, taxableValue: 535.72, cgst: 0, sgst: 0, igst: 64.28, placeOfSupply: 'Maharashtra (27)' });
  });
});
