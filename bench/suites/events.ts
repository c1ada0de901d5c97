import nodemailer from 'nodemailer';
import { sql } from '@pickles/db';
import { figure, type Recorder } from '../lib/report.js';
import { cpuMsPerRequest, readCpu } from '../lib/cpu.js';
import { insertPaidBacklog, openPipeline, sentEmailsOf, type BenchPipeline } from '../lib/pipeline.js';
import { createOrder, sandboxPay, setKnobs, shopperEmail, type CreatedOrder, type SandboxPayment } from '../lib/shop.js';
import { mapLimit, quantile, sleep } from '../lib/stats.js';
import type { BenchStack } from '../lib/stack.js';

interface Message {
  to: string[];
  subject: string;
  receivedAt: string;
  text: string;
  html: string;
}

async function messages(mailUrl: string): Promise<Message[]> {
  const response = await fetch(`${mailUrl}/api/messages`);
  return ((await response.json()) as { messages: Message[] }).messages;
}

const clearMail = (mailUrl: string) => fetch(`${mailUrl}/api/messages`, { method: 'DELETE' });

/** The first receipt time per address in the catcher, for the addresses in `wanted`. */
async function receivedAt(mailUrl: string, wanted: Set<string>): Promise<Map<string, number>> {
  const received = new Map<string, number>();
  for (const message of await messages(mailUrl)) {
    for (const to of message.to) {
      const address = to.replace(/^.*</, '').replace(/>.*$/, '').trim().toLowerCase();
      if (!wanted.has(address)) continue;
      const at = Date.parse(message.receivedAt);
      if (!received.has(address) || at < received.get(address)!) received.set(address, at);
    }
  }
  return received;
}

/**
 * Waits until `until` says done, looking every 250 ms. The burst watches `sent_emails` (one cheap
 * count) instead of reading the catcher's whole inbox over and over, which would take CPU from the
 * pipeline it measures; the catcher's receipt times are read once at the end.
 */
async function waitFor(until: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await until()) return true;
    await sleep(250);
  }
  return false;
}

async function confirmationsSentTo(pipeline: BenchPipeline, emails: string[]): Promise<number> {
  const row = await pipeline.db
    .selectFrom('sent_emails')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'order-confirmation')
    .where('state', '=', 'sent')
    .where(sql<boolean>`lower(recipient) = any(${emails}::text[])`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Where a burst's time went, per order (p50 / p95 / max, ms): the verify round trip, its event's
 * commit to published (outbox relay), published to the confirmation recorded sent (queue, worker,
 * SMTP), and the verify answer to that.
 */
async function burstStages(pipeline: BenchPipeline, emails: string[], sentAt: Map<string, number>, answeredAt: Map<string, number>) {
  const { rows } = await sql<{ email: string; occurred_at: Date; published_at: Date | null; sent_at: Date | null }>`
    select lower(o.customer_email) as email, e.occurred_at, e.published_at, s.sent_at
    from orders o
    join outbox_events e on e.type = 'payment.verified' and e.payload->'data'->>'orderId' = o.id::text
    left join sent_emails s on s.order_id = o.id and s.kind = 'order-confirmation' and s.state = 'sent'
    where lower(o.customer_email) = any(${emails}::text[])`.execute(pipeline.db);
  const summary = (values: number[]) => ({ p50: quantile(values, 0.5), p95: quantile(values, 0.95), max: Math.max(...values) });
  const ms = (a: Date | null, b: Date | null) => (a && b ? new Date(b).getTime() - new Date(a).getTime() : Number.NaN);
  return {
    verifyRoundTrip: summary(emails.map((email) => answeredAt.get(email)! - sentAt.get(email)!)),
    commitToPublished: summary(rows.map((row) => ms(row.occurred_at, row.published_at))),
    publishedToSent: summary(rows.map((row) => ms(row.published_at, row.sent_at))),
    verifyAnsweredToSent: summary(rows.map((row) => (row.sent_at ? new Date(row.sent_at).getTime() - answeredAt.get(row.email)! : Number.NaN))),
  };
}

/** Paid orders sent through the pipeline before the burst is timed. */
const WARM_UP_ORDERS = 200;

type Content = { subject: string; text: string; html?: string };
const BASELINE_CONTENT: Content[] = [{ subject: 'Baseline', text: 'Baseline message from the bench.' }];

/**
 * `count` e-mails straight to the catcher's SMTP port by nodemailer, `connections` pooled connections,
 * `connections` at a time, cycling through `contents` (a one-line text by default).
 */
async function directSmtp(
  stack: BenchStack,
  count: number,
  connections: number,
  label: string,
  contents: Content[] = BASELINE_CONTENT,
): Promise<{ sentAt: Map<string, number>; doneAt: Map<string, number>; first: number }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: stack.ports.mailSmtp, secure: false, ignoreTLS: true, pool: true, maxConnections: connections });
  const sentAt = new Map<string, number>();
  const doneAt = new Map<string, number>();
  const first = Date.now();
  try {
    await mapLimit(Array.from({ length: count }, (_, i) => `${label}${i}@example.com`), connections, async (to, i) => {
      sentAt.set(to, Date.now());
      const content = contents[i % contents.length]!;
      await transport.sendMail({ from: 'Royal Pickles <orders@royalpickles.in>', to, subject: `${content.subject} ${i}`, text: content.text, ...(content.html ? { html: content.html } : {}) });
      doneAt.set(to, Date.now());
    });
  } finally {
    transport.close();
  }
  return { sentAt, doneAt, first };
}

/**
 * Two figures of the way from a paid order to its e-mails (outbox, relay, BullMQ, worker, template,
 * SMTP), each on a drained pipeline (no unpublished outbox row, no unfinished job):
 * - burst: N captured payments verified through the gateway (`concurrency` at a time); each
 *   customer's confirmation is looked up in the mail catcher. Latency = the catcher's receivedAt minus
 *   the moment verify-payment was sent (p50/p95/p99); throughput = N / (last e-mail - first verify).
 *   Baseline: N e-mails straight to the catcher's SMTP port by nodemailer, same concurrency.
 * - backlog: `backlog` paid orders and their payment.verified events committed at once straight into
 *   the database; every e-mail (confirmation and owner alert) until recorded sent. e-mails/s and the
 *   time of the last one after the commit, beside as many e-mails sent directly by nodemailer.
 */
export async function eventsSuite(stack: BenchStack, rec: Recorder, opts: { orders: number; concurrency: number; backlog: number }): Promise<void> {
  const sandboxUrl = `http://127.0.0.1:${stack.ports.sandbox}`;
  const mailUrl = `http://127.0.0.1:${stack.ports.mailHttp}`;
  const pipeline = openPipeline(stack);
  try {
    await setKnobs(sandboxUrl, { withholdWebhooks: true });
    const prepared = await mapLimit(Array.from({ length: opts.orders }), 8, async () => {
      const order: CreatedOrder = await createOrder(stack.origin);
      const payment: SandboxPayment = await sandboxPay(sandboxUrl, order.razorpayOrderId);
      return { order, payment, email: shopperEmail(order.n).toLowerCase() };
    });
    // Warm-up, not timed: 200 paid orders through the whole pipeline, so the burst measures a
    // running shop rather than the first minute of a freshly started one (JIT, pools, connections).
    const warm = await insertPaidBacklog(pipeline.db, WARM_UP_ORDERS);
    await waitFor(async () => (await sentEmailsOf(pipeline.db, warm.orderIds)).sent >= WARM_UP_ORDERS * 2, 120_000);
    const drainMs = await pipeline.drained();
    await clearMail(mailUrl);

    // Burst on an idle pipeline.
    const sentAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    let verifyErrors = 0;
    const burstCpuBefore = await readCpu(stack.redisPrefix, stack.database.url);
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
      answeredAt.set(email, Date.now());
    });
    const emails = [...sentAt.keys()];
    await waitFor(async () => (await confirmationsSentTo(pipeline, emails)) >= emails.length, 120_000);
    await pipeline.drained();
    // Per verified order: the verify call and its two e-mails, every part of the stack.
    const burstCpu = cpuMsPerRequest(burstCpuBefore, await readCpu(stack.redisPrefix, stack.database.url), emails.length);
    const received = await receivedAt(mailUrl, new Set(emails));
    const latencies = [...received].map(([email, at]) => at - sentAt.get(email)!);
    const lastMail = Math.max(...received.values());
    const throughput = received.size / ((lastMail - first) / 1000);
    const stages = await burstStages(pipeline, emails, sentAt, answeredAt);
    // The shop's own messages (a confirmation, an owner alert), for the backlog's second baseline.
    const caught = await messages(mailUrl);
    const shopContents = [caught.find((m) => m.to.some((to) => emails.includes(to.toLowerCase()))), caught.find((m) => !m.to.some((to) => emails.includes(to.toLowerCase())))]
      .filter((m): m is Message => m !== undefined)
      .map((m) => ({ subject: m.subject, text: m.text, html: m.html }));
    await pipeline.drained();

    // Burst baseline: nodemailer to the catcher's SMTP, same count and concurrency.
    await clearMail(mailUrl);
    const direct = await directSmtp(stack, opts.orders, opts.concurrency, 'baseline');
    const baseReceived = await receivedAt(mailUrl, new Set(direct.sentAt.keys()));
    const baseLatencies = [...baseReceived].map(([to, at]) => at - direct.sentAt.get(to)!);
    const baseThroughput = baseReceived.size / ((Math.max(...baseReceived.values()) - direct.first) / 1000);
    await clearMail(mailUrl);

    const base = (what: string, value: number, unit: string) => ({ name: `direct SMTP send (nodemailer) ${what}`, value, unit });
    rec.add(figure(`verify -> e-mail throughput (${opts.orders} orders)`, throughput, 'e-mails/s', base('e-mails/s', baseThroughput, 'e-mails/s'), 'higher'));
    rec.add(figure('verify -> e-mail p50', quantile(latencies, 0.5), 'ms', base('p50', quantile(baseLatencies, 0.5), 'ms'), 'lower'));
    rec.add(figure('verify -> e-mail p95', quantile(latencies, 0.95), 'ms', base('p95', quantile(baseLatencies, 0.95), 'ms'), 'lower'));
    rec.add(figure('verify -> e-mail p99', quantile(latencies, 0.99), 'ms', base('p99', quantile(baseLatencies, 0.99), 'ms'), 'lower'));
    // The same e-mails from the moment verify answered: the event pipeline alone, without the verify call.
    rec.add(figure('verify answered -> e-mail p95', stages.verifyAnsweredToSent.p95, 'ms', base('p95', quantile(baseLatencies, 0.95), 'ms'), 'lower'));
    rec.detail('counts', { orders: opts.orders, verifyErrors, customerEmailsReceived: received.size, baselineReceived: baseReceived.size, concurrency: opts.concurrency, drainBeforeBurstMs: Math.round(drainMs) });
    rec.detail('burstStages', stages);
    rec.detail('burstCpuMsPerVerifiedOrder', burstCpu);
    if (received.size < opts.orders) throw new Error(`only ${received.size} of ${opts.orders} confirmation e-mails arrived within 120 s`);

    // Backlog: a launch's worth of paid orders waiting at once.
    if (opts.backlog > 0) {
      await pipeline.drained();
      const cpuBefore = await readCpu(stack.redisPrefix, stack.database.url);
      const backlog = await insertPaidBacklog(pipeline.db, opts.backlog);
      const expected = opts.backlog * 2;
      let state = await sentEmailsOf(pipeline.db, backlog.orderIds);
      await waitFor(async () => (state = await sentEmailsOf(pipeline.db, backlog.orderIds)).sent >= expected, 600_000);
      const cpuMs = cpuMsPerRequest(cpuBefore, await readCpu(stack.redisPrefix, stack.database.url), expected);
      if (state.sent < expected || !state.lastSentAt || !state.lastConfirmationAt) throw new Error(`backlog: only ${state.sent} of ${expected} e-mails sent within 600 s`);
      const lastSeconds = (state.lastSentAt.getTime() - backlog.committedAt.getTime()) / 1000;
      const lastConfirmationSeconds = (state.lastConfirmationAt.getTime() - backlog.committedAt.getTime()) / 1000;
      const { rows: published } = await sql<{ last: Date }>`select max(published_at) as last from outbox_events where payload->'data'->>'orderId' = any(${backlog.orderIds}::text[])`.execute(pipeline.db);
      const lastPublishedSeconds = (new Date(published[0]!.last).getTime() - backlog.committedAt.getTime()) / 1000;
      await pipeline.drained();

      await clearMail(mailUrl);
      const directBacklog = await directSmtp(stack, expected, opts.concurrency, 'backlogbaseline');
      const directSeconds = (Math.max(...directBacklog.doneAt.values()) - directBacklog.first) / 1000;
      await clearMail(mailUrl);
      const directCpuBefore = await readCpu(stack.redisPrefix, stack.database.url);
      const directShop = await directSmtp(stack, expected, opts.concurrency, 'backlogshop', shopContents);
      const directShopCpuMs = cpuMsPerRequest(directCpuBefore, await readCpu(stack.redisPrefix, stack.database.url), expected);
      const directShopSeconds = (Math.max(...directShop.doneAt.values()) - directShop.first) / 1000;
      await clearMail(mailUrl);

      const label = `${opts.backlog.toLocaleString('en')} paid orders`;
      rec.add(figure(`backlog of ${label}: e-mails/s (confirmation + owner alert)`, expected / lastSeconds, 'e-mails/s', base(`${expected.toLocaleString('en')} e-mails, e-mails/s`, expected / directSeconds, 'e-mails/s'), 'higher'));
      rec.add(
        figure(
          `backlog of ${label}: e-mails/s beside the same messages sent directly`,
          expected / lastSeconds,
          'e-mails/s',
          { name: `direct SMTP send (nodemailer) of ${expected.toLocaleString('en')} confirmations and alerts as the shop renders them, e-mails/s`, value: expected / directShopSeconds, unit: 'e-mails/s' },
          'higher',
        ),
      );
      // The pipeline's CPU per e-mail (every process of the stack and its database's backends; not the
      // bench, which only watches) beside what sending the same messages straight to SMTP costs (the
      // bench's nodemailer and the catcher). A measure that holds on a busy machine, where rates do not.
      const pipelineCpuMs = (cpuMs.total ?? 0) - (cpuMs.bench ?? 0);
      rec.add(
        figure(
          `backlog of ${label}: CPU per e-mail, all processes`,
          pipelineCpuMs,
          'ms',
          { name: 'direct SMTP send (nodemailer) of the shop\'s messages: CPU per e-mail, sender and catcher', value: directShopCpuMs.total ?? 0, unit: 'ms' },
          'lower',
          Object.entries(cpuMs).filter(([part]) => part !== 'total' && part !== 'bench').map(([part, ms]) => `${part} ${ms}`).join(', '),
        ),
      );
      rec.add(figure(`backlog of ${label}: last e-mail after the commit`, lastSeconds * 1000, 'ms', base(`${expected.toLocaleString('en')} e-mails, last accepted`, directSeconds * 1000, 'ms'), 'lower'));
      rec.detail('backlog', {
        orders: opts.backlog,
        emails: expected,
        lastEmailSeconds: lastSeconds,
        lastConfirmationSeconds,
        lastPublishedSeconds,
        confirmationsPerSecond: opts.backlog / lastConfirmationSeconds,
        directSeconds,
        directShopMessagesSeconds: directShopSeconds,
        shopMessageBytes: shopContents.map((content) => content.text.length + (content.html?.length ?? 0)),
        directConnections: opts.concurrency,
        cpuMsPerEmail: cpuMs,
        directShopCpuMsPerEmail: directShopCpuMs,
      });
    }
  } finally {
    await pipeline.close();
  }
}
