import nodemailer from 'nodemailer';
import { figure, type Recorder } from '../lib/report.js';
import { createOrder, sandboxPay, setKnobs, shopperEmail, type CreatedOrder, type SandboxPayment } from '../lib/shop.js';
import { mapLimit, quantile, sleep } from '../lib/stats.js';
import type { BenchStack } from '../lib/stack.js';

interface Message {
  to: string[];
  subject: string;
  receivedAt: string;
}

async function messages(mailUrl: string): Promise<Message[]> {
  const response = await fetch(`${mailUrl}/api/messages`);
  return ((await response.json()) as { messages: Message[] }).messages;
}

/** Waits until the catcher's message count stops moving (earlier suites' e-mails still draining). */
async function quiet(mailUrl: string, maxMs = 60_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let last = -1;
  while (Date.now() < deadline) {
    const count = (await messages(mailUrl)).length;
    if (count === last) return;
    last = count;
    await sleep(1500);
  }
}

/** Polls until every address in `wanted` has a message; returns the first receipt time per address. */
async function waitForMail(mailUrl: string, wanted: Set<string>, timeoutMs: number): Promise<Map<string, number>> {
  const received = new Map<string, number>();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const message of await messages(mailUrl)) {
      for (const to of message.to) {
        const address = to.replace(/^.*</, '').replace(/>.*$/, '').trim().toLowerCase();
        if (!wanted.has(address)) continue;
        const at = Date.parse(message.receivedAt);
        if (!received.has(address) || at < received.get(address)!) received.set(address, at);
      }
    }
    if (received.size >= wanted.size) break;
    await sleep(250);
  }
  return received;
}

/**
 * N captured payments verified through the gateway (`concurrency` at a time); each order's
 * confirmation e-mail to the customer is looked up in the mail catcher. Latency = the catcher's
 * receivedAt minus the moment verify-payment was sent; throughput = N / (last e-mail - first verify).
 * Baseline: the same N e-mails sent straight to the catcher's SMTP port by nodemailer with the same
 * concurrency (the floor: no outbox, no queue, no templates, no database).
 */
export async function eventsSuite(stack: BenchStack, rec: Recorder, opts: { orders: number; concurrency: number }): Promise<void> {
  const sandboxUrl = `http://127.0.0.1:${stack.ports.sandbox}`;
  const mailUrl = `http://127.0.0.1:${stack.ports.mailHttp}`;
  await setKnobs(sandboxUrl, { withholdWebhooks: true });
  const prepared = await mapLimit(Array.from({ length: opts.orders }), 8, async () => {
    const order: CreatedOrder = await createOrder(stack.origin);
    const payment: SandboxPayment = await sandboxPay(sandboxUrl, order.razorpayOrderId);
    return { order, payment, email: shopperEmail(order.n).toLowerCase() };
  });
  await quiet(mailUrl);
  await fetch(`${mailUrl}/api/messages`, { method: 'DELETE' });

  const sentAt = new Map<string, number>();
  let verifyErrors = 0;
  const first = Date.now();
  await mapLimit(prepared, opts.concurrency, async ({ payment, email }) => {
    sentAt.set(email, Date.now());
    const response = await fetch(`${stack.origin}/api/payment/verify-payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ razorpay_order_id: payment.razorpay_order_id, razorpay_payment_id: payment.razorpay_payment_id, razorpay_signature: payment.razorpay_signature }),
    });
    if (!response.ok) verifyErrors += 1;
    await response.arrayBuffer();
  });
  const received = await waitForMail(mailUrl, new Set(sentAt.keys()), 120_000);
  const latencies = [...received].map(([email, at]) => at - sentAt.get(email)!);
  const lastMail = Math.max(...received.values());
  const throughput = received.size / ((lastMail - first) / 1000);

  // Baseline: nodemailer to the catcher's SMTP, same count and concurrency.
  await fetch(`${mailUrl}/api/messages`, { method: 'DELETE' });
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: stack.ports.mailSmtp, secure: false, ignoreTLS: true, pool: true, maxConnections: opts.concurrency });
  const baseSent = new Map<string, number>();
  const baseFirst = Date.now();
  await mapLimit(Array.from({ length: opts.orders }, (_, i) => `baseline${i}@example.com`), opts.concurrency, async (to) => {
    baseSent.set(to, Date.now());
    await transport.sendMail({ from: 'bench@example.com', to, subject: `Baseline ${to}`, text: 'Baseline message from the bench.' });
  });
  transport.close();
  const baseReceived = await waitForMail(mailUrl, new Set(baseSent.keys()), 60_000);
  const baseLatencies = [...baseReceived].map(([to, at]) => at - baseSent.get(to)!);
  const baseThroughput = baseReceived.size / ((Math.max(...baseReceived.values()) - baseFirst) / 1000);
  await fetch(`${mailUrl}/api/messages`, { method: 'DELETE' });

  const base = (what: string, value: number, unit: string) => ({ name: `direct SMTP send (nodemailer) ${what}`, value, unit });
  rec.add(figure(`verify -> e-mail throughput (${opts.orders} orders)`, throughput, 'e-mails/s', base('e-mails/s', baseThroughput, 'e-mails/s'), 'higher'));
  rec.add(figure('verify -> e-mail p50', quantile(latencies, 0.5), 'ms', base('p50', quantile(baseLatencies, 0.5), 'ms'), 'lower'));
  rec.add(figure('verify -> e-mail p99', quantile(latencies, 0.99), 'ms', base('p99', quantile(baseLatencies, 0.99), 'ms'), 'lower'));
  rec.detail('counts', { orders: opts.orders, verifyErrors, customerEmailsReceived: received.size, baselineReceived: baseReceived.size, concurrency: opts.concurrency });
  if (received.size < opts.orders) throw new Error(`only ${received.size} of ${opts.orders} confirmation e-mails arrived within 120 s`);
}
