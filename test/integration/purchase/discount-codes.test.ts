import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiscountCode } from '@pickles/db';
import { eventually, postJson } from '@pickles/test-kit';
import type { TaxFigures } from '@pickles/shared/gst';
import { orderPayload, startPurchaseHarness, type PurchaseHarness } from './harness.js';

/**
 * Decision 028 on the purchase path: the shopper pays the discounted total, payments compares the
 * capture with it (another amount is flagged, as any amount that differs), and the invoice taxes
 * each line after its share of the discount, summing to what was paid.
 */
let h: PurchaseHarness;
beforeAll(async () => {
  h = await startPurchaseHarness();
});
afterAll(async () => {
  await h?.close();
});

async function codeOf10Percent(): Promise<string> {
  const code = `P${randomUUID().slice(0, 8).toUpperCase()}`;
  await createDiscountCode(h.db, { code, kind: 'percent', percent: 10, amountPaise: null, minOrderPaise: 0, startsAt: null, endsAt: null, maxUses: null, maxUsesPerShopper: null, active: true }, 'test');
  return code;
}

/** Two jars of ₹500 with a 10% code: goods ₹1,000 - ₹100, shipping ₹150: ₹1,050. */
async function discountedOrder(code: string) {
  const response = await postJson(`${h.checkout.url}/api/payment/create-order`, { ...orderPayload(2), amount: 1050, discountCode: code }, { 'idempotency-key': randomUUID() });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { orderNumber: response.body.orderId as string, razorpayOrderId: response.body.razorpayOrderId as string, amountPaise: response.body.amount as number };
}

describe('paying an order with a discount code', () => {
  it('captures the discounted total, pays the order and invoices the value after the discount to the paisa', async () => {
    const code = await codeOf10Percent();
    const order = await discountedOrder(code);
    expect(order.amountPaise).toBe(105_000);
    expect(h.sandbox.state.snapshot().orders.find((o: { id: string }) => o.id === order.razorpayOrderId)?.amount).toBe(105_000);
    const { paymentId, signature } = await h.pay(order.razorpayOrderId);
    const verified = await h.verify({ razorpay_order_id: order.razorpayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature! });
    expect(verified.status).toBe(200);
    const paid = await eventually(async () => {
      const row = await h.order(order.orderNumber);
      return row.payment_status === 'paid' ? row : undefined;
    });
    const invoice = await h.db.selectFrom('tax_documents').select(['figures']).where('order_id', '=', paid.id).where('kind', '=', 'invoice').executeTakeFirstOrThrow();
    const figures = invoice.figures as TaxFigures;
    expect(figures.discountCode).toBe(code);
    expect(figures.totals.grossPaise).toBe(105_000);
    const [goods, shipping] = figures.lines;
    expect(goods).toMatchObject({ grossPaise: 90_000, discountPaise: 10_000 });
    expect(shipping).toMatchObject({ grossPaise: 15_000 });
    // Each line's taxable value is taken out of what was paid for it (decision 019's rounding).
    for (const line of figures.lines) {
      const rate = line.ratePercent;
      expect(line.taxablePaise).toBe(Math.floor((2 * line.grossPaise * 10_000 + (10_000 + rate * 100)) / (2 * (10_000 + rate * 100))));
      expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.grossPaise);
    }
    await h.drained();
  });

  it('flags a capture of the undiscounted amount and never pays the order', async () => {
    const code = await codeOf10Percent();
    h.setKnobs({ withholdWebhooks: true });
    const order = await discountedOrder(code);
    const { paymentId } = await h.pay(order.razorpayOrderId);
    h.setKnobs({ withholdWebhooks: false });
    const payment = { ...h.sandbox.state.getPayment(paymentId), amount: 115_000 };
    h.sandbox.state.webhooks.emit([{ event: 'payment.captured' as const, contains: ['payment'], payload: { payment: { entity: payment } } }]);
    const item = await eventually(async () => h.db.selectFrom('payment_attention').selectAll().where('razorpay_payment_id', '=', paymentId).executeTakeFirst());
    expect(item).toMatchObject({ kind: 'amount-mismatch', amount_paise: 115_000, expected_amount_paise: 105_000 });
    expect((await h.order(order.orderNumber)).payment_status).toBe('pending');
    await h.drained();
  });
});
