import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertOrder, startAsOwner, type Harness } from './helpers.js';

/** Admin -> Discount codes (decision 028): the owner creates, changes and pauses codes and sees their uses. */
let h: Harness;
let token: string;
beforeAll(async () => ({ h, token } = await startAsOwner()));
afterAll(() => h?.close());

const form = (over: Record<string, unknown> = {}) => ({
  code: `launch${randomUUID().slice(0, 6)}`,
  kind: 'percent',
  percent: 10,
  amount: null,
  minOrder: 500,
  startsAt: '2026-12-01T10:00',
  endsAt: '2026-12-31T23:59',
  maxUses: 50,
  maxUsesPerShopper: 1,
  active: true,
  ...over,
});

describe("the owner's discount codes", () => {
  it('creates a code stored upper case, its times read as India time, and lists it with its counts', async () => {
    const body = form();
    const created = await call(h.app, 'POST', '/api/admin/discount-codes', { token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.code).toMatchObject({
      code: body.code.toUpperCase(),
      offer: '10% off',
      minOrderPaise: 50_000,
      startsAt: '2026-12-01T04:30:00.000Z',
      endsAt: '2026-12-31T18:29:00.000Z',
      maxUses: 50,
      maxUsesPerShopper: 1,
      active: true,
      uses: 0,
      paidUses: 0,
      discountGivenPaise: 0,
    });
    const again = await call(h.app, 'POST', '/api/admin/discount-codes', { token, body: { ...body, code: body.code.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, error: `There is already a code ${body.code.toUpperCase()}.` });
  });

  it('counts paid uses and the discount given', async () => {
    const created = await call(h.app, 'POST', '/api/admin/discount-codes', { token, body: form({ code: `PAID${randomUUID().slice(0, 6)}` }) });
    const order = await insertOrder(h.db, { status: 'paid', paymentStatus: 'paid' });
    await h.db.insertInto('discount_code_uses').values({ order_id: order.id, code_id: created.body.code.id, email_hash: 'e', phone_hash: 'p', discount_paise: 10_000 }).execute();
    const list = await call(h.app, 'GET', '/api/admin/discount-codes', { token });
    expect(list.body.codes.find((code: { id: number }) => code.id === created.body.code.id)).toMatchObject({ uses: 1, paidUses: 1, discountGivenPaise: 10_000 });
  });

  it('pauses a code and changes its terms, keeping its name', async () => {
    const created = await call(h.app, 'POST', '/api/admin/discount-codes', { token, body: form() });
    const paused = await call(h.app, 'PUT', `/api/admin/discount-codes/${created.body.code.id}`, { token, body: form({ code: 'IGNORED', kind: 'fixed', percent: null, amount: 150.5, active: false }) });
    expect(paused.status).toBe(200);
    expect(paused.body.code).toMatchObject({ code: created.body.code.code, kind: 'fixed', amountPaise: 15_050, percent: null, offer: '₹150.50 off', active: false });
  });

  it('refuses a bad form with a readable error, changing nothing, and answers only the owner', async () => {
    const before = (await call(h.app, 'GET', '/api/admin/discount-codes', { token })).body.codes.length;
    const bad = await call(h.app, 'POST', '/api/admin/discount-codes', { token, body: form({ percent: null }) });
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.fields).toMatchObject({ percent: 'A percentage code needs its percentage' });
    const backwards = await call(h.app, 'POST', '/api/admin/discount-codes', { token, body: form({ startsAt: '2026-12-02T10:00', endsAt: '2026-12-01T10:00' }) });
    expect(backwards.body.fields).toMatchObject({ endsAt: 'The end must be after the start' });
    const badCode = await call(h.app, 'POST', '/api/admin/discount-codes', { token, body: form({ code: 'a b' }) });
    expect(badCode.status).toBe(400);
    expect((await call(h.app, 'GET', '/api/admin/discount-codes', { token })).body.codes.length).toBe(before);
    expect((await call(h.app, 'GET', '/api/admin/discount-codes', {})).status).toBe(401);
    expect((await call(h.app, 'PUT', '/api/admin/discount-codes/999999', { token, body: form() })).status).toBe(404);
  });

  it("shows the code and its discount on the order's page", async () => {
    const order = await insertOrder(h.db, { status: 'paid', paymentStatus: 'paid' });
    await h.db.updateTable('orders').set({ discount_code: 'LAUNCH10', discount_paise: 10_050 }).where('id', '=', order.id).execute();
    const detail = await call(h.app, 'GET', `/api/admin/orders/${order.id}`, { token });
    expect(detail.body.order.discount).toEqual({ code: 'LAUNCH10', amount: 100.5 });
    const plain = await insertOrder(h.db, { status: 'paid', paymentStatus: 'paid' });
    expect((await call(h.app, 'GET', `/api/admin/orders/${plain.id}`, { token })).body.order.discount).toBeUndefined();
  });
});
