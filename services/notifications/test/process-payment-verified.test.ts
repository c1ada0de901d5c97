import { randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import type { RunningMailCatcher } from '@pickles/mail-catcher';
import { DEMO_TRACKING_LINK_SECRET, trackingTokenVersion } from '@pickles/service-kit';
import { PAYMENT_VERIFIED, type EventEnvelope } from '@pickles/shared';
import { insertOrder } from '@pickles/test-kit';
import { processPaymentVerified, type NotificationDeps } from '../src/events/process-payment-verified.js';
import { OWNER_EMAIL, notificationsHarnessPerFile, visibleText, type NotificationsHarness } from './harness.js';

let h: NotificationsHarness;
let db: Db;
let catcher: RunningMailCatcher;
let deps: NotificationDeps;

notificationsHarnessPerFile(undefined, (started) => {
  h = started;
  ({ db, catcher, deps } = started);
});

async function sentFor(order: { orderNumber: string }) {
  const mails = h.mailsAbout(order.orderNumber);
  return { confirmation: mails.find((mail) => !mail.to.includes(OWNER_EMAIL))!, alert: mails.find((mail) => mail.to.includes(OWNER_EMAIL))! };
}

/** The invoice payments issues with the payment (columns of migration 008); a number no other test takes. */
async function insertInvoice(order: { id: string; orderNumber: string }): Promise<string> {
  const sequence = 100000 + Math.floor(Math.random() * 900000);
  const number = `RP/99-00/${sequence}`;
  await db.insertInto('tax_documents').values({
    kind: 'invoice', number, financial_year: '2099-00', sequence, order_id: order.id, order_number: order.orderNumber,
    razorpay_payment_id: 'pay_Test000000000001', issued_at: new Date(), place_of_supply_name: 'Delhi', supply: 'intra-state',
    figures: '{}', seller: '{}', recipient: '{}',
  }).execute();
  return number;
}

function event(order: { id: string; orderNumber: string; amountPaise: number }, overrides: Partial<EventEnvelope> = {}): EventEnvelope {
  return {
    id: randomUUID(),
    type: PAYMENT_VERIFIED,
    version: 1,
    occurredAt: new Date().toISOString(),
    data: { orderId: order.id, orderNumber: order.orderNumber, razorpayOrderId: 'order_Test00000000001', razorpayPaymentId: 'pay_Test000000000001', amountPaise: order.amountPaise, source: 'verify' },
    ...overrides,
  };
}

describe('payment.verified -> e-mails', () => {
  it('sends the customer a confirmation (HTML and text) and the owner an alert', async () => {
    const order = await insertOrder(db, { email: 'ravi@example.in', name: 'Ravi Kumar', items: [{ name: 'Royal Chicken Pickle', quantity: 2 }] });
    await processPaymentVerified(event(order), deps);
    const mails = h.mailsAbout(order.orderNumber);
    expect(mails).toHaveLength(2);
    const confirmation = mails.find((mail) => mail.to.includes('ravi@example.in'))!;
    expect(confirmation.text).toContain(`order ${order.orderNumber} is confirmed`);
    expect(confirmation.text).toContain('Royal Chicken Pickle x 2');
    expect(confirmation.text).toContain('Total paid: ₹1,150');
    expect(confirmation.text).toContain('help@royalpickles.in');
    expect(confirmation.html).toContain('<table');
    const alert = mails.find((mail) => mail.to.includes('owner@royalpickles.in'))!;
    expect(alert.text).toContain('Royal Chicken Pickle (Qty: 2)');
  });

  it('shows the discount code and what it took off between the shipping and the total paid, so the sums add up', async () => {
    const placed = await insertOrder(db, { email: 'meera@example.in', items: [{ name: 'Royal Chicken Pickle', quantity: 2 }] });
    // 10% off the goods (₹1,000 of the ₹1,150): what create-order stores for a code.
    await db.updateTable('orders').set({ discount_code: 'LAUNCH10', discount_paise: 10_000, amount_paise: placed.amountPaise - 10_000 }).where('id', '=', placed.id).execute();
    const order = { ...placed, amountPaise: placed.amountPaise - 10_000 };
    await processPaymentVerified(event(order), deps);
    const { confirmation } = await sentFor(order);
    expect(confirmation.text).toContain('Shipping: ₹150\nDiscount (LAUNCH10): -₹100\nTotal paid: ₹1,050');
    expect(visibleText(confirmation.html)).toMatch(/Shipping\s*₹150\s*Discount \(LAUNCH10\)\s*-₹100\s*Total paid\s*₹1,050/);
  });

  it('tells the shopper the unboxing-video rule, how to reach the shop and where the policies are', async () => {
    const order = await insertOrder(db);
    await processPaymentVerified(event(order), deps);
    const { confirmation } = await sentFor(order);
    for (const part of [confirmation.text, visibleText(confirmation.html)]) {
      expect(part).toContain('unboxing video');
      expect(part).toContain('within 24 hours of delivery');
      expect(part).toContain('Claims without an unboxing video, or made more than 24 hours after delivery, cannot be accepted.');
      expect(part).toContain('+91 11 2345 6789');
    }
    expect(confirmation.text).toContain('Questions? Write to us at help@royalpickles.in or call +91 11 2345 6789; we reply within 1-2 business days.');
    expect(confirmation.html).toContain('href="tel:+911123456789"');
    expect(confirmation.text).toContain('Cancellation & Refunds: https://www.royalpickles.in/policies/refund-policy');
    expect(confirmation.text).toContain('Shipping Policy: https://www.royalpickles.in/policies/shipping-policy');
    expect(confirmation.html).toMatch(/<a href="https:\/\/www\.royalpickles\.in\/policies\/refund-policy"[^>]*>Cancellation &amp; Refunds<\/a>/);
    expect(confirmation.html).toMatch(/<a href="https:\/\/www\.royalpickles\.in\/policies\/shipping-policy"[^>]*>Shipping Policy<\/a>/);
    // The policy figures the e-mail has always carried stay; the delivery promise says how its days add up.
    expect(confirmation.text).toContain('We confirm your order within about 36 hours of payment.');
    expect(confirmation.text).toContain('Prepared and packed in 7-10 days, then 7-10 days by courier.');
  });

  it("gives the delivery promise's dates: the order's day in India plus preparation and the courier's days for its zone", async () => {
    const cases = [
      // Placed at 11:30 on 23 Nov in India, far from the seller: 7-10 + 7-10 days.
      { createdAt: '2026-11-23T06:00:00Z', zone: 'national', range: 'between 7 Dec and 13 Dec 2026', detail: 'Prepared and packed in 7-10 days, then 7-10 days by courier.' },
      // 00:30 on 23 Nov in India, still 22 Nov in UTC.
      { createdAt: '2026-11-22T19:00:00Z', zone: 'national', range: 'between 7 Dec and 13 Dec 2026', detail: 'Prepared and packed in 7-10 days, then 7-10 days by courier.' },
      // 23:45 on 22 Nov in India: the day before.
      { createdAt: '2026-11-22T18:15:00Z', zone: 'national', range: 'between 6 Dec and 12 Dec 2026', detail: 'Prepared and packed in 7-10 days, then 7-10 days by courier.' },
      // In the seller's city: 7-10 + 2-4 days.
      { createdAt: '2026-11-28T06:00:00Z', zone: 'local', range: 'between 7 Dec and 12 Dec 2026', detail: 'Prepared and packed in 7-10 days, then 2-4 days by courier.' },
      // An order from before zones were kept: the policy's worst case.
      { createdAt: '2026-11-28T06:00:00Z', zone: null, range: 'between 12 Dec and 18 Dec 2026', detail: 'Prepared and packed in 7-10 days, then 7-10 days by courier.' },
      // A range that crosses into the next year names both years.
      { createdAt: '2026-12-15T06:00:00Z', zone: 'national', range: 'between 29 Dec 2026 and 4 Jan 2027', detail: 'Prepared and packed in 7-10 days, then 7-10 days by courier.' },
    ] as const;
    for (const { createdAt, zone, range, detail } of cases) {
      // Paid a day later: the promise counts from the order's day, as the success page did.
      const order = await insertOrder(db, { createdAt: new Date(createdAt), paidAt: new Date(new Date(createdAt).getTime() + 86_400_000), deliveryZone: zone });
      await processPaymentVerified(event(order), deps);
      const { confirmation } = await sentFor(order);
      expect(confirmation.text, createdAt).toContain(`Expected delivery: ${range}`);
      expect(confirmation.text, createdAt).toContain(detail);
      expect(visibleText(confirmation.html), createdAt).toContain(`Expected delivery: ${range} ${detail}`);
    }
  });

  it('links the shopper to the order\'s tracking page with a signed link', async () => {
    const order = await insertOrder(db);
    await processPaymentVerified(event(order), deps);
    const { confirmation } = await sentFor(order);
    const link = /Track your order: (\S+)/.exec(confirmation.text)?.[1];
    const url = new URL(link!);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.royalpickles.in/track');
    expect(url.searchParams.get('order')).toBe(order.orderNumber);
    // No secret given: the demo one (env.ts's default), which checkout's default matches.
    expect(trackingTokenVersion(DEMO_TRACKING_LINK_SECRET, order.orderNumber, url.searchParams.get('t')!)).toBe(0);
    expect(confirmation.html).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);
    expect(confirmation.html).toContain('Track your order</a>');
  });

  it('links the shopper to the GST tax invoice, signed, once it has been issued', async () => {
    const order = await insertOrder(db);
    const number = await insertInvoice(order);
    await processPaymentVerified(event(order), deps);
    const { confirmation } = await sentFor(order);
    const label = `Download your GST tax invoice (${number}): `;
    const link = confirmation.text.split('\n').find((line) => line.startsWith(label))?.slice(label.length);
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.royalpickles.in/api/track/invoice');
    expect(url.searchParams.get('order')).toBe(order.orderNumber);
    expect(trackingTokenVersion(DEMO_TRACKING_LINK_SECRET, order.orderNumber, url.searchParams.get('t')!)).toBe(0);
    expect(confirmation.html).toContain(`<a href="${link!.replace(/&/g, '&amp;')}" style="color:#8b1e1e">Download your GST tax invoice</a>`);
    expect(visibleText(confirmation.html)).toContain(`Download your GST tax invoice (${number})`);
  });

  it('has no invoice link for an order not invoiced', async () => {
    const order = await insertOrder(db);
    await processPaymentVerified(event(order), deps);
    const { confirmation } = await sentFor(order);
    expect(confirmation.text).not.toContain('GST tax invoice');
    expect(confirmation.html).not.toContain('GST tax invoice');
    expect(confirmation.html).not.toContain('/api/track/invoice');
  });

  it('links the owner to the order in the admin panel', async () => {
    const order = await insertOrder(db);
    await processPaymentVerified(event(order), deps);
    const { alert } = await sentFor(order);
    // The panel's search finds orders by their number.
    const url = `https://www.royalpickles.in/admin?search=${order.orderNumber}`;
    expect(alert.text).toContain(`Open it in the admin panel to move it along: ${url}`);
    expect(alert.html).toContain(`href="${url}"`);
    expect(alert.html).toContain('Open in the admin panel</a>');
  });

  it('sends nothing twice when the same event is delivered again', async () => {
    const order = await insertOrder(db);
    const envelope = event(order);
    await processPaymentVerified(envelope, deps);
    const second = await processPaymentVerified(envelope, deps);
    expect(second).toEqual({ confirmation: 'already-sent', alert: 'already-sent' });
    expect(h.mailsAbout(order.orderNumber)).toHaveLength(2);
  });

  it('escapes HTML a shopper typed into the form', async () => {
    const order = await insertOrder(db, { name: '<img src=x onerror=alert(1)>', city: '<b>Pune</b>' });
    await processPaymentVerified(event(order), deps);
    const confirmation = h.mailsAbout(order.orderNumber).find((mail) => !mail.to.includes(OWNER_EMAIL))!;
    expect(confirmation.html).not.toContain('<img src=x');
    expect(confirmation.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(confirmation.html).not.toContain('<b>Pune</b>');
  });

  it('fails an unknown version without retries and sends nothing', async () => {
    const order = await insertOrder(db);
    await expect(processPaymentVerified(event(order, { version: 99 }), deps)).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(processPaymentVerified(event(order, { data: { orderId: 'not-a-uuid' } }), deps)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(h.mailsAbout(order.orderNumber)).toHaveLength(0);
  });

  it('retries (throws a plain error) while SMTP is down, sending nothing and recording nothing', async () => {
    const order = await insertOrder(db);
    catcher.controls.down = true;
    try {
      const failure = await processPaymentVerified(event(order), deps).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect(failure).not.toBeInstanceOf(UnrecoverableError);
    } finally {
      catcher.controls.down = false;
    }
    const recorded = await db.selectFrom('sent_emails').select('kind').where('order_id', '=', order.id).execute();
    expect(recorded).toHaveLength(0);
  });
});
