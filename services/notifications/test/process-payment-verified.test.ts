import { randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import { startMailCatcher, type RunningMailCatcher } from '@pickles/mail-catcher';
import { createLogger } from '@pickles/service-kit';
import { PAYMENT_VERIFIED, type EventEnvelope } from '@pickles/shared';
import { insertOrder, testDb } from '@pickles/test-kit';
import { createMailer } from '../src/clients/mailer.js';
import { processPaymentVerified, type NotificationDeps } from '../src/events/process-payment-verified.js';

let db: Db;
let catcher: RunningMailCatcher;
let deps: NotificationDeps;

beforeAll(async () => {
  db = testDb();
  catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
  deps = {
    db,
    mailer: createMailer(`smtp://127.0.0.1:${catcher.smtpPort}`, 'Royal Pickles <orders@royalpickles.in>'),
    logger: createLogger('test', 'silent'),
    ownerEmail: 'owner@royalpickles.in',
    supportEmail: 'help@royalpickles.in',
    mailDomain: 'royalpickles.in',
  };
});
afterAll(async () => {
  await catcher.close();
  await db.destroy();
});

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
    const mails = catcher.store.list().filter((mail) => mail.subject.includes(order.orderNumber));
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

  it('sends nothing twice when the same event is delivered again', async () => {
    const order = await insertOrder(db);
    const envelope = event(order);
    await processPaymentVerified(envelope, deps);
    const second = await processPaymentVerified(envelope, deps);
    expect(second).toEqual({ confirmation: 'already-sent', alert: 'already-sent' });
    expect(catcher.store.list().filter((mail) => mail.subject.includes(order.orderNumber))).toHaveLength(2);
  });

  it('escapes HTML a shopper typed into the form', async () => {
    const order = await insertOrder(db, { name: '<img src=x onerror=alert(1)>', city: '<b>Pune</b>' });
    await processPaymentVerified(event(order), deps);
    const confirmation = catcher.store.list().find((mail) => mail.subject.includes(order.orderNumber) && !mail.to.includes('owner@royalpickles.in'))!;
    expect(confirmation.html).not.toContain('<img src=x');
    expect(confirmation.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(confirmation.html).not.toContain('<b>Pune</b>');
  });

  it('fails an unknown version without retries and sends nothing', async () => {
    const order = await insertOrder(db);
    await expect(processPaymentVerified(event(order, { version: 99 }), deps)).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(processPaymentVerified(event(order, { data: { orderId: 'not-a-uuid' } }), deps)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(catcher.store.list().filter((mail) => mail.subject.includes(order.orderNumber))).toHaveLength(0);
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
