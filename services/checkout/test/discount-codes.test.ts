import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscountCode, releaseJars, type DiscountCodeInput } from '@pickles/db';
import { postJson } from '@pickles/test-kit';
import { orderPayload, startCheckoutHarness, type CheckoutHarness } from './harness.js';

/**
 * Decision 028: create-order decides what a discount code takes off, from the code and the catalogue;
 * the Razorpay order asks for the discounted total; a use is reserved before Razorpay under the
 * code's lock, given back when the order is not stored or its unpaid jars go back.
 */
let h: CheckoutHarness;
beforeAll(async () => {
  h = await startCheckoutHarness();
});
afterAll(async () => {
  await h?.close();
});

async function newCode(over: Partial<DiscountCodeInput> = {}): Promise<string> {
  const code = `T${randomUUID().slice(0, 8).toUpperCase()}`;
  await createDiscountCode(
    h.db,
    { code, kind: 'percent', percent: 10, amountPaise: null, minOrderPaise: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerShopper: null, active: true, ...over },
    'test',
  );
  return code;
}

/** A shopper of their own: e-mail and phone both new, so per-shopper limits start at zero. */
function shopperPayload(quantity: number, code: string | undefined, amountRupees: number) {
  const base = orderPayload(quantity);
  const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return { ...base, amount: amountRupees, customerInfo: { ...base.customerInfo, phone }, ...(code === undefined ? {} : { discountCode: code }) };
}

const uses = async (code: string) =>
  Number(
    (
      await h.db
        .selectFrom('discount_code_uses')
        .innerJoin('discount_codes', 'discount_codes.id', 'discount_code_uses.code_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('discount_codes.code', '=', code)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('create-order with a discount code', () => {
  it('charges the discounted total: stored, answered and asked of Razorpay, the discount shared over the lines', async () => {
    const code = await newCode({ percent: 10 });
    // 3 jars of ₹500: goods ₹1,500, shipping ₹200; 10% of the goods is ₹150 -> ₹1,550.
    const response = await h.createOrder(shopperPayload(3, code.toLowerCase(), 1550));
    expect(response.status).toBe(201);
    expect(response.body.amount).toBe(155_000);
    const razorpayOrder = h.sandbox.state.snapshot().orders.find((order: { id: string }) => order.id === response.body.razorpayOrderId);
    expect(razorpayOrder?.amount).toBe(155_000);
    const order = await h.db.selectFrom('orders').selectAll().where('order_number', '=', response.body.orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ subtotal_paise: 150_000, shipping_paise: 20_000, discount_code: code, discount_paise: 15_000, amount_paise: 155_000 });
    const items = await h.db.selectFrom('order_items').select(['line_total_paise', 'discount_paise']).where('order_id', '=', order.id).execute();
    expect(items).toEqual([{ line_total_paise: 150_000, discount_paise: 15_000 }]);
    expect(await uses(code)).toBe(1);
  });

  it('takes the shipping off with a free-shipping code', async () => {
    const code = await newCode({ kind: 'free-shipping', percent: null });
    const response = await h.createOrder(shopperPayload(1, code, 500));
    expect(response.status).toBe(201);
    expect(response.body.amount).toBe(50_000);
  });

  it('refuses a total that is not the discounted one (the browser never sets the price)', async () => {
    const code = await newCode();
    const asked = h.razorpayOrdersAsked();
    const response = await h.createOrder(shopperPayload(1, code, 600));
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('The order total does not match our prices. Please review your cart.');
    expect(h.razorpayOrdersAsked()).toBe(asked);
    expect(await uses(code)).toBe(0);
  });

  it('refuses each code it cannot use, in plain words, storing nothing and asking Razorpay nothing', async () => {
    const day = 86_400_000;
    const cases: [Partial<DiscountCodeInput>, string | RegExp][] = [
      [{ active: false }, /is paused at the moment\.$/],
      [{ startsAt: new Date(Date.now() + day) }, /starts on \d+ \w+ \d{4}, \d+:\d\d [ap]m IST\.$/],
      [{ startsAt: new Date(Date.now() - 2 * day), endsAt: new Date(Date.now() - day) }, /expired on \d+ \w+ \d{4}/],
      [{ minOrderPaise: 100_000 }, /needs an order of at least ₹1,000 before shipping\.$/],
    ];
    const asked = h.razorpayOrdersAsked();
    for (const [terms, message] of cases) {
      const code = await newCode(terms);
      const response = await h.createOrder(shopperPayload(1, code, 590));
      expect(response.status).toBe(409);
      expect(response.body.success).toBe(false);
      expect(response.body.error).toMatch(message);
      expect(response.body.fields).toEqual({ discountCode: response.body.error });
      expect(await uses(code)).toBe(0);
    }
    const unknown = await h.createOrder(shopperPayload(1, 'NOSUCHCODE', 590));
    expect(unknown.status).toBe(409);
    expect(unknown.body.error).toBe('We do not know the code NOSUCHCODE. Please check how it is spelt.');
    expect(h.razorpayOrdersAsked()).toBe(asked);
  });

  it('refuses a code used up, and one this shopper (same e-mail or same phone) has used', async () => {
    const usedUp = await newCode({ maxUses: 1 });
    expect((await h.createOrder(shopperPayload(1, usedUp, 550))).status).toBe(201);
    const second = await h.createOrder(shopperPayload(1, usedUp, 550));
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('This code has been used up');

    const once = await newCode({ maxUsesPerShopper: 1 });
    const first = shopperPayload(1, once, 550);
    expect((await h.createOrder(first)).status).toBe(201);
    const samePhone = shopperPayload(1, once, 550);
    samePhone.customerInfo.phone = first.customerInfo.phone;
    const again = await h.createOrder(samePhone);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(`You have already used the code ${once}.`);
    const sameEmail = shopperPayload(1, once, 550);
    sameEmail.customerInfo.email = first.customerInfo.email.toUpperCase();
    expect((await h.createOrder(sameEmail)).body.error).toBe(`You have already used the code ${once}.`);
  });

  it('gives the last use to exactly one of two shoppers ordering at once', async () => {
    const code = await newCode({ maxUses: 3 });
    // Two uses taken: one left.
    for (let i = 0; i < 2; i++) expect((await h.createOrder(shopperPayload(1, code, 550))).status).toBe(201);
    const asked = h.razorpayOrdersAsked();
    const answers = await Promise.all([h.createOrder(shopperPayload(2, code, 1050)), h.createOrder(shopperPayload(2, code, 1050))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error).toBe('This code has been used up');
    // The refused one never reached Razorpay.
    expect(h.razorpayOrdersAsked()).toBe(asked + 1);
    expect(await uses(code)).toBe(3);
    const withCode = await h.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('discount_code', '=', code).executeTakeFirstOrThrow();
    expect(Number(withCode.n)).toBe(3);
  });

  it('gives the use back when Razorpay fails, and when the unpaid order gives its jars back', async () => {
    const code = await newCode({ maxUses: 1 });
    h.setKnobs({ apiFailure: 'server_error', apiFailureCount: null });
    const failed = await h.createOrder(shopperPayload(1, code, 550));
    h.setKnobs({ apiFailure: 'none' });
    expect(failed.status).toBe(502);
    expect(await uses(code)).toBe(0);

    const placed = await h.createOrder(shopperPayload(1, code, 550));
    expect(placed.status).toBe(201);
    expect((await h.createOrder(shopperPayload(1, code, 550))).body.error).toBe('This code has been used up');
    // The hold runs out unpaid: the jars go back (as payments' job does), and the use with them.
    const order = await h.db.selectFrom('orders').select('id').where('order_number', '=', placed.body.orderId).executeTakeFirstOrThrow();
    await h.db.transaction().execute((trx) => releaseJars(trx, order.id));
    expect((await h.createOrder(shopperPayload(1, code, 550))).status).toBe(201);
  });

  it('keeps the use of a paid order even when its jars go back later', async () => {
    const code = await newCode({ maxUses: 1 });
    const placed = await h.createOrder(shopperPayload(1, code, 550));
    await h.db.updateTable('orders').set({ status: 'paid', payment_status: 'paid' }).where('order_number', '=', placed.body.orderId).execute();
    const order = await h.db.selectFrom('orders').select('id').where('order_number', '=', placed.body.orderId).executeTakeFirstOrThrow();
    await h.db.transaction().execute((trx) => releaseJars(trx, order.id));
    expect((await h.createOrder(shopperPayload(1, code, 550))).body.error).toBe('This code has been used up');
  });
});

describe('POST /api/discount-codes/check', () => {
  const check = (body: unknown) => postJson(`${h.checkout.url}/api/discount-codes/check`, body);

  it('says what the code does for this cart, priced from the catalogue', async () => {
    const code = await newCode({ percent: 10 });
    const answer = await check({ code: ` ${code.toLowerCase()} `, items: [{ itemId: 1, quantity: 3 }] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, code, summary: `${code}: 10% off — you save ₹150`, subtotalPaise: 150_000, shippingPaise: 20_000, discountPaise: 15_000, shippingDiscountPaise: 0, totalPaise: 155_000 });
  });

  it('says why not, and reserves nothing', async () => {
    const code = await newCode({ maxUses: 1, minOrderPaise: 100_000 });
    const short = await check({ code, items: [{ itemId: 1, quantity: 1 }] });
    expect(short.status).toBe(409);
    expect(short.body.error).toBe(`The code ${code} needs an order of at least ₹1,000 before shipping.`);
    expect((await check({ code, items: [{ itemId: 1, quantity: 2 }] })).status).toBe(200);
    expect(await uses(code)).toBe(0);
    const malformed = await check({ code: 'a b', items: [{ itemId: 1, quantity: 1 }] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.success).toBe(false);
  });

  it("tells a shopper who typed their e-mail that they used the code already", async () => {
    const code = await newCode({ maxUsesPerShopper: 1 });
    const payload = shopperPayload(1, code, 550);
    expect((await h.createOrder(payload)).status).toBe(201);
    const answer = await check({ code, items: [{ itemId: 1, quantity: 1 }], email: payload.customerInfo.email, phone: '9000000001' });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toBe(`You have already used the code ${code}.`);
  });
});
