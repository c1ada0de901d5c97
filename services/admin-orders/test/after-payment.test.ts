import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, insertOrder, startAsOwner, uniqueTag, type Harness, type OrderSeed } from './helpers.js';

let h: Harness;
let token: string;
let username: string;
beforeAll(async () => ({ h, token, username } = await startAsOwner()));
afterAll(() => h?.close());

/** The `order.changed` events written for an order, oldest first. */
async function shopperUpdates(orderId: string): Promise<{ kind: string; dedupeKey: string }[]> {
  const rows = await h.db.selectFrom('outbox_events').select(['payload', 'occurred_at']).where('type', '=', 'order.changed').orderBy('occurred_at').execute();
  return rows
    .map((row) => (row.payload as { data: { orderId: string; kind: string; dedupeKey: string } }).data)
    .filter((data) => data.orderId === orderId)
    .map(({ kind, dedupeKey }) => ({ kind, dedupeKey }));
}

/** A paid order whose payment Razorpay reported captured (what payments records), ready to refund. */
async function capturedOrder(seed: OrderSeed = {}) {
  const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'paid', ...seed });
  await h.db
    .insertInto('payments')
    .values({ razorpay_payment_id: order.razorpayPaymentId!, order_id: order.id, status: 'captured', amount_paise: order.amountPaise, method: 'upi' })
    .execute();
  return order;
}

const requestKey = () => `rk_${randomBytes(12).toString('hex')}`;
const refund = (orderId: string, body: Record<string, unknown>) => call(h.app, 'POST', `/api/admin/orders/${orderId}/refunds`, { token, body });
const detail = (orderId: string) => call(h.app, 'GET', `/api/admin/orders/${orderId}`, { token });
const dispatch = (orderId: string, body: Record<string, unknown>) => call(h.app, 'PUT', `/api/admin/orders/${orderId}/dispatch`, { token, body });

describe('GET /api/admin/orders/{id}', () => {
  it('shows the order with priced items, payments, every refund with its state, history, e-mails and what may still be refunded', async () => {
    // Two jars (₹1,000) and one (₹500): subtotal ₹1,500, shipping ₹50 + 3 x ₹50 = ₹200.
    const order = await capturedOrder({ items: [{ name: 'Royal Chicken Pickle', quantity: 2 }, { name: 'Mango Pickle', quantity: 1 }] });
    expect(order.amountPaise).toBe(170_000);
    const pay = order.razorpayPaymentId!;
    const at = (minutes: number) => new Date(Date.now() - (60 - minutes) * 60_000);
    await h.db
      .insertInto('refund_requests')
      .values([
        { order_id: order.id, razorpay_payment_id: pay, amount_paise: 10_000, reason: 'Jar broke', requested_by: 'owner', client_key: requestKey(), state: 'submitted', razorpay_refund_id: `rfnd_${randomBytes(6).toString('hex')}A`, created_at: at(1) },
        { order_id: order.id, razorpay_payment_id: pay, amount_paise: 20_000, reason: 'Late', requested_by: 'owner', client_key: requestKey(), state: 'refused', error: 'The refund amount is more than the amount captured', created_at: at(2) },
        { order_id: order.id, razorpay_payment_id: pay, amount_paise: 5_000, reason: 'Lid dented', requested_by: 'owner', client_key: requestKey(), created_at: at(4) },
      ])
      .execute();
    const submitted = await h.db.selectFrom('refund_requests').select('razorpay_refund_id').where('order_id', '=', order.id).where('state', '=', 'submitted').executeTakeFirstOrThrow();
    const dashboardRefund = `rfnd_${randomBytes(6).toString('hex')}D`;
    await h.db
      .insertInto('refunds')
      .values([
        { razorpay_refund_id: submitted.razorpay_refund_id!, razorpay_payment_id: pay, order_id: order.id, amount_paise: 10_000, status: 'processed', created_at: at(1) },
        { razorpay_refund_id: dashboardRefund, razorpay_payment_id: pay, order_id: order.id, amount_paise: 30_000, status: 'pending', created_at: at(3) },
      ])
      .execute();
    await h.db.insertInto('sent_emails').values({ order_id: order.id, kind: 'confirmation', recipient: order.email, state: 'sent' }).execute();
    expect((await call(h.app, 'PATCH', `/api/admin/orders/${order.id}/status`, { token, body: { status: 'delivered' } })).status).toBe(200);

    const res = await detail(order.id);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({
      _id: order.id,
      orderId: order.orderNumber,
      status: 'delivered',
      paymentStatus: 'paid',
      amount: 1700,
      subtotal: 1500,
      shipping: 200,
      items: [
        { name: 'Royal Chicken Pickle', quantity: 2, price: 500, total: 1000 },
        { name: 'Mango Pickle', quantity: 1, price: 500, total: 500 },
      ],
    });
    expect(res.body.payments).toEqual([{ razorpayPaymentId: pay, status: 'captured', amount: 1700, method: 'upi', createdAt: expect.any(String) }]);
    expect(res.body.refunds).toEqual([
      expect.objectContaining({ amount: 100, reason: 'Jar broke', requestedBy: 'owner', state: 'processed', razorpayRefundId: submitted.razorpay_refund_id, error: null }),
      expect.objectContaining({ amount: 200, state: 'refused', error: 'The refund amount is more than the amount captured' }),
      { id: dashboardRefund, amount: 300, reason: "Refunded in Razorpay's dashboard", requestedBy: 'Razorpay dashboard', requestedAt: expect.any(String), state: 'pending', razorpayRefundId: dashboardRefund, error: null },
      expect.objectContaining({ amount: 50, reason: 'Lid dented', state: 'requested', razorpayRefundId: null }),
    ]);
    // ₹1,700 paid − ₹100 processed − ₹50 requested − ₹300 in the dashboard; the refused ₹200 does not count.
    expect(res.body.refundable).toBe(1250);
    expect(res.body.history).toEqual([expect.objectContaining({ fromStatus: 'paid', toStatus: 'delivered', changedBy: `admin:${username}` })]);
    expect(res.body.emails).toEqual([{ kind: 'confirmation', recipient: order.email, state: 'sent', sentAt: expect.any(String) }]);
    expect(res.body.statusChoices).toEqual(['paid', 'cancelled', 'delivered', 'completed']);
    expect(res.body.dispatch).toBeNull();
  });

  it('offers no refund for an unpaid order and answers 404 for unknown, malformed and archived ids, 401 without a token', async () => {
    const unpaid = await insertOrder(h.db, { tag: uniqueTag(), status: 'created', paymentStatus: 'pending' });
    const res = await detail(unpaid.id);
    expect(res.body).toMatchObject({ refundable: 0, payments: [], refunds: [], statusChoices: [] });
    const done = await insertOrder(h.db, { tag: uniqueTag(), status: 'completed' });
    expect((await call(h.app, 'POST', '/api/order/remove-multiple', { token, body: { orderIds: [done.id] } })).body.removedCount).toBe(1);
    for (const id of [randomUUID(), 'RP123', done.id]) {
      const missing = await detail(id);
      expect(missing.status, id).toBe(404);
      expect(missing.body).toEqual({ success: false, error: 'Order not found' });
    }
    expect((await call(h.app, 'GET', `/api/admin/orders/${unpaid.id}`)).status).toBe(401);
  });
});

describe('PUT /api/admin/orders/{id}/dispatch', () => {
  it('records the first dispatch with the courier\'s tracking link and one e-mail event; a correction e-mails nobody', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'paid' });
    const first = await dispatch(order.id, { courierId: 'delhivery', awb: ' 1234567890123 ' });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      created: true,
      dispatch: {
        courierId: 'delhivery',
        courierName: 'Delhivery',
        awb: '1234567890123',
        trackingUrl: 'https://www.delhivery.com/track/package/1234567890123',
        dispatchedAt: expect.any(String),
        recordedBy: username,
        corrections: 0,
      },
    });
    expect(await shopperUpdates(order.id)).toEqual([{ kind: 'dispatched', dedupeKey: order.id }]);

    const corrected = await dispatch(order.id, { courierId: 'bluedart', awb: 'BD-998877', trackingUrl: 'https://track.example.in/BD-998877' });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({ created: false, dispatch: { courierId: 'bluedart', courierName: 'Blue Dart', awb: 'BD-998877', trackingUrl: 'https://track.example.in/BD-998877', corrections: 1 } });
    expect(corrected.body.dispatch.dispatchedAt).toBe(first.body.dispatch.dispatchedAt);
    // The same record sent again (a double click) is not another correction.
    expect((await dispatch(order.id, { courierId: 'bluedart', awb: 'BD-998877', trackingUrl: 'https://track.example.in/BD-998877' })).body.dispatch.corrections).toBe(1);
    expect(await shopperUpdates(order.id)).toHaveLength(1);
    expect((await detail(order.id)).body.dispatch).toEqual(corrected.body.dispatch);
  });

  it('takes another courier with its name and an https link, and refuses it without them', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'delivered' });
    const missing = await dispatch(order.id, { courierId: 'other', awb: 'AB12345' });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ courierName: "Enter the courier's name", trackingUrl: "Enter the courier's tracking link (an https:// address)" });
    const insecure = await dispatch(order.id, { courierId: 'other', courierName: 'Professional Couriers', awb: 'AB12345', trackingUrl: 'http://tpcindia.com/track?AB12345' });
    expect(insecure.status).toBe(400);
    expect(insecure.body.fields).toEqual({ trackingUrl: "Enter the courier's tracking link (an https:// address)" });
    const ok = await dispatch(order.id, { courierId: 'other', courierName: 'Professional Couriers', awb: 'AB12345', trackingUrl: 'https://www.tpcindia.com/track.aspx?id=AB12345' });
    expect(ok.status).toBe(200);
    expect(ok.body.dispatch).toMatchObject({ courierId: 'other', courierName: 'Professional Couriers', trackingUrl: 'https://www.tpcindia.com/track.aspx?id=AB12345' });
    expect(await shopperUpdates(order.id)).toEqual([{ kind: 'dispatched', dedupeKey: order.id }]);
  });

  it('refuses bad AWBs and couriers, unpaid, refunded and cancelled orders, changing nothing', async () => {
    const paid = await insertOrder(h.db, { tag: uniqueTag(), status: 'paid' });
    for (const body of [{ courierId: 'dtdc', awb: 'abc' }, { courierId: 'dtdc', awb: 'A1 B2 C3' }, { courierId: 'dtdc', awb: 'x'.repeat(41) }, { courierId: 'fedex', awb: 'ABCD1234' }, { awb: 'ABCD1234' }]) {
      const res = await dispatch(paid.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect((await dispatch(paid.id, { courierId: 'dtdc', awb: 'abc' })).body.error).toBe('The AWB (tracking number) must be 4 to 40 letters, digits or dashes');
    const cases = [
      [{ status: 'cancelled', paymentStatus: 'paid' }, 'Cannot record a dispatch for a cancelled order'],
      [{ status: 'created', paymentStatus: 'pending' }, 'Cannot record a dispatch: this order is not paid'],
      [{ status: 'failed', paymentStatus: 'failed' }, 'Cannot record a dispatch: this order is not paid'],
      [{ status: 'completed', paymentStatus: 'refunded' }, "Cannot record a dispatch: this order's payment was refunded"],
    ] as const;
    for (const [seed, error] of cases) {
      const order = await insertOrder(h.db, { tag: uniqueTag(), ...seed });
      const res = await dispatch(order.id, { courierId: 'dtdc', awb: 'D12345678' });
      expect(res.status, seed.status).toBe(409);
      expect(res.body).toEqual({ success: false, error });
      expect(await shopperUpdates(order.id)).toEqual([]);
    }
    expect(await h.db.selectFrom('order_dispatches').select('order_id').where('order_id', '=', paid.id).execute()).toEqual([]);
    expect((await dispatch(randomUUID(), { courierId: 'dtdc', awb: 'D12345678' })).status).toBe(404);
    expect((await call(h.app, 'PUT', `/api/admin/orders/${paid.id}/dispatch`, { body: { courierId: 'dtdc', awb: 'D12345678' } })).status).toBe(401);
  });
});

describe('POST /api/admin/orders/dispatch-batch', () => {
  it('records every good line, each once, and says why each other line was refused', async () => {
    const tag = uniqueTag();
    const a = await insertOrder(h.db, { tag, status: 'paid' });
    const b = await insertOrder(h.db, { tag, status: 'delivered' });
    const c = await insertOrder(h.db, { tag, status: 'paid' });
    const unpaid = await insertOrder(h.db, { tag, status: 'created', paymentStatus: 'pending' });
    const cancelled = await insertOrder(h.db, { tag, status: 'cancelled' });
    await dispatch(c.id, { courierId: 'dtdc', awb: 'OLD12345' });
    const lines = [
      'Order number\tCourier\tAWB',
      `${a.orderNumber}\tDelhivery\t111122223333`,
      '',
      `${b.orderNumber.toLowerCase()}, blue dart , "BD-4455"`,
      `${c.orderNumber},DTDC,NEW12345`,
      `RPNOSUCHORDER,dtdc,D1234567`,
      `${unpaid.orderNumber},dtdc,D1234567`,
      `${cancelled.orderNumber},ekart,E1234567`,
      `${a.orderNumber},ekart,E7654321`,
      `${a.orderNumber},pigeon post,P1234567`,
      `${a.orderNumber},other,P1234567`,
      `${a.orderNumber},dtdc,AB`,
      `${a.orderNumber},dtdc`,
      '   ',
    ].join('\r\n');
    const res = await call(h.app, 'POST', '/api/admin/orders/dispatch-batch', { token, body: { lines } });
    expect(res.status).toBe(200);
    expect(res.body.recorded).toEqual([
      { orderId: a.orderNumber, awb: '111122223333', created: true },
      { orderId: b.orderNumber, awb: 'BD-4455', created: true },
      { orderId: c.orderNumber, awb: 'NEW12345', created: false },
    ]);
    expect(res.body.refused).toEqual([
      { line: 6, text: 'RPNOSUCHORDER,dtdc,D1234567', reason: 'No order RPNOSUCHORDER' },
      { line: 7, text: `${unpaid.orderNumber},dtdc,D1234567`, reason: 'Cannot record a dispatch: this order is not paid' },
      { line: 8, text: `${cancelled.orderNumber},ekart,E1234567`, reason: 'Cannot record a dispatch for a cancelled order' },
      { line: 9, text: `${a.orderNumber},ekart,E7654321`, reason: `Order ${a.orderNumber} is already on line 2` },
      { line: 10, text: `${a.orderNumber},pigeon post,P1234567`, reason: expect.stringMatching(/^Unknown courier "pigeon post" \(use one of: Delhivery, Blue Dart, /) },
      { line: 11, text: `${a.orderNumber},other,P1234567`, reason: "Another courier needs its name and tracking link: record it on the order's page" },
      { line: 12, text: `${a.orderNumber},dtdc,AB`, reason: 'The AWB (tracking number) must be 4 to 40 letters, digits or dashes' },
      { line: 13, text: `${a.orderNumber},dtdc`, reason: 'Expected three fields: order number, courier, AWB' },
    ]);
    expect((await detail(b.id)).body.dispatch).toMatchObject({ courierId: 'bluedart', awb: 'BD-4455', trackingUrl: 'https://www.bluedart.com/tracking?trackFor=0&trackNo=BD-4455' });
    expect((await detail(c.id)).body.dispatch).toMatchObject({ courierId: 'dtdc', awb: 'NEW12345', corrections: 1 });
    for (const order of [a, b, c]) expect(await shopperUpdates(order.id)).toEqual([{ kind: 'dispatched', dedupeKey: order.id }]);
    for (const order of [unpaid, cancelled]) expect(await shopperUpdates(order.id)).toEqual([]);
  });

  it('refuses an empty paste and more than 500 lines before recording anything', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'paid' });
    const empty = await call(h.app, 'POST', '/api/admin/orders/dispatch-batch', { token, body: { lines: ' \n\n' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Paste at least one line: order number, courier, AWB');
    const many = [`${order.orderNumber},dtdc,D1234567`, ...Array.from({ length: 500 }, (_, i) => `RPX${i},dtdc,D1234567`)].join('\n');
    const tooMany = await call(h.app, 'POST', '/api/admin/orders/dispatch-batch', { token, body: { lines: many } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('At most 500 lines at a time');
    expect(await shopperUpdates(order.id)).toEqual([]);
  });
});

describe('POST /api/admin/orders/{id}/refunds', () => {
  it('records a partial refund request for the payments service to submit, then the rest; never more than was paid', async () => {
    const order = await capturedOrder(); // ₹600
    const first = await refund(order.id, { amount: 150.5, reason: 'One jar arrived broken', requestKey: requestKey() });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      success: true,
      created: true,
      refund: {
        id: expect.any(String),
        amount: 150.5,
        reason: 'One jar arrived broken',
        requestedBy: username,
        requestedAt: expect.any(String),
        state: 'requested',
        razorpayRefundId: null,
        error: null,
      },
    });
    const row = await h.db.selectFrom('refund_requests').selectAll().where('id', '=', first.body.refund.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ order_id: order.id, razorpay_payment_id: order.razorpayPaymentId, amount_paise: 15_050, state: 'requested', attempts: 0, requested_by: username });
    expect(new Date(row.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const tooMuch = await refund(order.id, { amount: 449.51, reason: 'Whole order', requestKey: requestKey() });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toEqual({ success: false, error: 'Only ₹449.50 can still be refunded on this order' });
    expect((await detail(order.id)).body.refundable).toBe(449.5);
    const rest = await refund(order.id, { amount: 449.5, reason: 'Shop closed the order', requestKey: requestKey() });
    expect(rest.status).toBe(201);
    const nothing = await refund(order.id, { amount: 1, reason: 'Again', requestKey: requestKey() });
    expect(nothing.status).toBe(409);
    expect(nothing.body.error).toBe('Nothing is left to refund on this order');
    expect(await h.db.selectFrom('refund_requests').select('id').where('order_id', '=', order.id).execute()).toHaveLength(2);
  });

  it('the same request key sent twice, or five times at once, makes one request', async () => {
    const order = await capturedOrder();
    const key = requestKey();
    const body = { amount: 100, reason: 'Double click', requestKey: key };
    const first = await refund(order.id, body);
    const again = await refund(order.id, body);
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual({ ...first.body, created: false });

    const other = await capturedOrder();
    const concurrentKey = requestKey();
    const answers = await Promise.all(Array.from({ length: 5 }, () => refund(other.id, { amount: 600, reason: 'Impatient owner', requestKey: concurrentKey })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.refund.id)).size).toBe(1);
    const rows = await h.db.selectFrom('refund_requests').select(['amount_paise']).where('order_id', '=', other.id).execute();
    expect(rows).toEqual([{ amount_paise: 60_000 }]);
    // The key belongs to that order: used for another, it refunds nothing there.
    const elsewhere = await refund(order.id, { amount: 1, reason: 'Wrong tab', requestKey: concurrentKey });
    expect(elsewhere.status).toBe(409);
    expect(await h.db.selectFrom('refund_requests').select('id').where('order_id', '=', order.id).execute()).toHaveLength(1);
  });

  it('two refund dialogs sending the whole amount at once refund it once (the order is locked while checking)', async () => {
    const order = await capturedOrder(); // ₹600
    const answers = await Promise.all([1, 2, 3].map(() => refund(order.id, { amount: 600, reason: 'Two tabs open', requestKey: requestKey() })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.error)).toEqual(['Nothing is left to refund on this order', 'Nothing is left to refund on this order']);
    expect(await h.db.selectFrom('refund_requests').select('amount_paise').where('order_id', '=', order.id).execute()).toEqual([{ amount_paise: 60_000 }]);
  });

  it('counts refunds made in Razorpay\'s dashboard and frees amounts Razorpay refused or failed', async () => {
    const order = await capturedOrder(); // ₹600
    const pay = order.razorpayPaymentId!;
    await h.db.insertInto('refunds').values({ razorpay_refund_id: `rfnd_${randomBytes(6).toString('hex')}`, razorpay_payment_id: pay, order_id: order.id, amount_paise: 20_000, status: 'processed' }).execute();
    await h.db.insertInto('refunds').values({ razorpay_refund_id: `rfnd_${randomBytes(6).toString('hex')}`, razorpay_payment_id: pay, order_id: order.id, amount_paise: 5_000, status: 'failed' }).execute();
    const failedId = `rfnd_${randomBytes(6).toString('hex')}`;
    await h.db.insertInto('refunds').values({ razorpay_refund_id: failedId, razorpay_payment_id: pay, order_id: order.id, amount_paise: 10_000, status: 'failed' }).execute();
    await h.db
      .insertInto('refund_requests')
      .values([
        { order_id: order.id, razorpay_payment_id: pay, amount_paise: 10_000, reason: 'Failed at the bank', requested_by: 'owner', client_key: requestKey(), state: 'submitted', razorpay_refund_id: failedId },
        { order_id: order.id, razorpay_payment_id: pay, amount_paise: 30_000, reason: 'Refused', requested_by: 'owner', client_key: requestKey(), state: 'refused', error: 'Payment is not refundable' },
      ])
      .execute();
    const over = await refund(order.id, { amount: 400.01, reason: 'Everything', requestKey: requestKey() });
    expect(over.body.error).toBe('Only ₹400 can still be refunded on this order');
    expect((await refund(order.id, { amount: 400, reason: 'Everything left', requestKey: requestKey() })).status).toBe(201);
  });

  it('refuses bad input, unpaid, fully refunded and uncaptured orders, changing nothing', async () => {
    const order = await capturedOrder();
    const bad = [
      [{ amount: 0, reason: 'Zero', requestKey: requestKey() }, 'Enter an amount above ₹0 with at most two decimals'],
      [{ amount: 10.005, reason: 'Fraction', requestKey: requestKey() }, 'Enter an amount above ₹0 with at most two decimals'],
      [{ amount: '100', reason: 'Text', requestKey: requestKey() }, 'Enter an amount above ₹0 with at most two decimals'],
      [{ amount: 10, reason: ' a ', requestKey: requestKey() }, 'Give a reason of 3 to 200 characters'],
      [{ amount: 10, reason: 'x'.repeat(201), requestKey: requestKey() }, 'Give a reason of 3 to 200 characters'],
      [{ amount: 10, reason: 'Short key', requestKey: 'abc' }, 'Invalid request key'],
      [{ amount: 10, reason: 'Odd key', requestKey: 'key with spaces 1234567' }, 'Invalid request key'],
    ] as const;
    for (const [body, error] of bad) {
      const res = await refund(order.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const cases = [
      [await insertOrder(h.db, { tag: uniqueTag(), status: 'created', paymentStatus: 'pending' }), 'Only a paid order can be refunded'],
      [await insertOrder(h.db, { tag: uniqueTag(), status: 'failed', paymentStatus: 'failed' }), 'Only a paid order can be refunded'],
      [await insertOrder(h.db, { tag: uniqueTag(), status: 'cancelled', paymentStatus: 'refunded' }), 'This order has already been refunded in full'],
      [await insertOrder(h.db, { tag: uniqueTag(), status: 'paid' }), "Razorpay has not reported this order's payment as captured yet: it cannot be refunded from here"],
    ] as const;
    for (const [target, error] of cases) {
      const res = await refund(target.id, { amount: 10, reason: 'Try', requestKey: requestKey() });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ success: false, error });
    }
    expect((await refund(randomUUID(), { amount: 10, reason: 'Nobody', requestKey: requestKey() })).status).toBe(404);
    expect((await call(h.app, 'POST', `/api/admin/orders/${order.id}/refunds`, { body: { amount: 10, reason: 'No token', requestKey: requestKey() } })).status).toBe(401);
    const ids = [order.id, ...cases.map(([target]) => target.id)];
    expect(await h.db.selectFrom('refund_requests').select('id').where('order_id', 'in', ids).execute()).toEqual([]);
  });

  it('a cancelled order whose money is held can be refunded', async () => {
    const order = await capturedOrder({ status: 'cancelled' });
    expect((await refund(order.id, { amount: 600, reason: 'Out of stock', requestKey: requestKey() })).status).toBe(201);
  });
});

describe('POST /api/admin/orders/{id}/resend-confirmation', () => {
  it('writes one resend event with its own key, and refuses another within a minute', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'delivered' });
    const res = await call(h.app, 'POST', `/api/admin/orders/${order.id}/resend-confirmation`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const events = await shopperUpdates(order.id);
    expect(events).toEqual([{ kind: 'confirmation-resent', dedupeKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    expect(events[0]!.dedupeKey).not.toBe(order.id);
    const again = await call(h.app, 'POST', `/api/admin/orders/${order.id}/resend-confirmation`, { token });
    expect(again.status).toBe(429);
    expect(again.body.error).toMatch(/^The confirmation was resent less than a minute ago\. Please wait \d+ seconds before sending it again\.$/);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await shopperUpdates(order.id)).toHaveLength(1);
  });

  it('refuses unpaid and cancelled orders (without holding back a later try) and unknown ones', async () => {
    const unpaid = await insertOrder(h.db, { tag: uniqueTag(), status: 'created', paymentStatus: 'pending' });
    for (let i = 0; i < 2; i++) {
      const res = await call(h.app, 'POST', `/api/admin/orders/${unpaid.id}/resend-confirmation`, { token });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('Only a paid order has a confirmation to resend');
    }
    const cancelled = await insertOrder(h.db, { tag: uniqueTag(), status: 'cancelled' });
    expect((await call(h.app, 'POST', `/api/admin/orders/${cancelled.id}/resend-confirmation`, { token })).body.error).toBe('This order is cancelled: its confirmation is not resent');
    expect((await call(h.app, 'POST', `/api/admin/orders/${randomUUID()}/resend-confirmation`, { token })).status).toBe(404);
    expect(await shopperUpdates(unpaid.id)).toEqual([]);
    expect(await shopperUpdates(cancelled.id)).toEqual([]);
  });
});

describe('status changes tell the shopper', () => {
  it('a paid order delivered or cancelled gets its event in the same change; unchanged and refused moves write none', async () => {
    const order = await insertOrder(h.db, { tag: uniqueTag(), status: 'paid' });
    const patch = (id: string, status: string) => call(h.app, 'PATCH', `/api/admin/orders/${id}/status`, { token, body: { status } });
    expect((await patch(order.id, 'delivered')).status).toBe(200);
    expect((await patch(order.id, 'delivered')).status).toBe(200);
    expect(await shopperUpdates(order.id)).toEqual([{ kind: 'delivered', dedupeKey: order.id }]);
    expect((await patch(order.id, 'completed')).status).toBe(200);
    expect((await patch(order.id, 'cancelled')).status).toBe(200);
    expect(await shopperUpdates(order.id)).toEqual([
      { kind: 'delivered', dedupeKey: order.id },
      { kind: 'cancelled', dedupeKey: order.id },
    ]);
    const pending = await insertOrder(h.db, { tag: uniqueTag(), status: 'created', paymentStatus: 'pending' });
    expect((await patch(pending.id, 'delivered')).status).toBe(409);
    const failed = await insertOrder(h.db, { tag: uniqueTag(), status: 'failed', paymentStatus: 'failed' });
    expect((await patch(failed.id, 'cancelled')).status).toBe(200);
    const refunded = await insertOrder(h.db, { tag: uniqueTag(), status: 'delivered', paymentStatus: 'refunded' });
    expect((await patch(refunded.id, 'cancelled')).status).toBe(200);
    for (const quiet of [pending, failed, refunded]) expect(await shopperUpdates(quiet.id)).toEqual([]);
  });

  it('in a batch, only the paid orders that moved are told, each once', async () => {
    const tag = uniqueTag();
    const moved = await Promise.all([insertOrder(h.db, { tag, status: 'paid' }), insertOrder(h.db, { tag, status: 'completed' })]);
    const already = await insertOrder(h.db, { tag, status: 'cancelled' });
    const unpaid = await insertOrder(h.db, { tag, status: 'created', paymentStatus: 'pending' });
    const failed = await insertOrder(h.db, { tag, status: 'failed', paymentStatus: 'failed' });
    const res = await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds: [...moved, already, unpaid, failed].map((o) => o.id), status: 'cancelled' } });
    expect(res.body).toMatchObject({ updatedCount: 3, unchangedCount: 1, refusedCount: 1 });
    for (const order of moved) expect(await shopperUpdates(order.id)).toEqual([{ kind: 'cancelled', dedupeKey: order.id }]);
    for (const order of [already, unpaid, failed]) expect(await shopperUpdates(order.id)).toEqual([]);
    // A cancelled order whose money is held ships only once taken back (to paid).
    const refused = await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds: moved.map((o) => o.id), status: 'delivered' } });
    expect(refused.body).toMatchObject({ updatedCount: 0, refusedCount: 2 });
    expect((await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds: moved.map((o) => o.id), status: 'paid' } })).body.updatedCount).toBe(2);
    const delivered = await call(h.app, 'PATCH', '/api/order/batch-update-status', { token, body: { orderIds: moved.map((o) => o.id), status: 'delivered' } });
    expect(delivered.body.updatedCount).toBe(2);
    for (const order of moved) expect((await shopperUpdates(order.id)).map((e) => e.kind)).toEqual(['cancelled', 'confirmation-resent', 'delivered']);
  });
});
