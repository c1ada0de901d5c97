import pg from 'pg';
import { figure, type Recorder } from '../lib/report.js';
import { createOrder, sandboxPay, setKnobs, shopperEmail } from '../lib/shop.js';
import { sleep } from '../lib/stats.js';
import type { BenchStack } from '../lib/stack.js';

async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(50);
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms`);
}

/**
 * The notifications worker SIGKILLed while it sends a confirmation (the SMTP server made slow), then
 * started again by the supervisor: how long after its restart the confirmation arrives, against the
 * same path with no crash. Target: under 10 s.
 */
export async function recoverySuite(stack: BenchStack, rec: Recorder): Promise<void> {
  const mailUrl = `http://127.0.0.1:${stack.ports.mailHttp}`;
  const sandboxUrl = `http://127.0.0.1:${stack.ports.sandbox}`;
  await setKnobs(sandboxUrl, { withholdWebhooks: false });
  const smtp = (body: object) => fetch(`${mailUrl}/api/smtp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const delivered = async (n: number) => {
    const { messages } = (await fetch(`${mailUrl}/api/messages`).then((r) => r.json())) as { messages: { to: string[]; subject: string }[] };
    const address = shopperEmail(n).toLowerCase();
    return messages.some((m) => m.to.some((to) => to.toLowerCase() === address) && m.subject.includes('confirmed')) ? true : undefined;
  };
  const db = new pg.Client({ connectionString: stack.database.url });
  await db.connect();
  try {
    // Without a crash: payment to confirmation.
    const calm = await createOrder(stack.origin);
    const calmStarted = performance.now();
    await sandboxPay(sandboxUrl, calm.razorpayOrderId);
    await until(() => delivered(calm.n), 30_000, 'the calm confirmation');
    const calmMs = performance.now() - calmStarted;

    // With a crash mid-send.
    await smtp({ delayMs: 5_000 });
    const order = await createOrder(stack.origin);
    await sandboxPay(sandboxUrl, order.razorpayOrderId);
    await until(
      async () =>
        (await db.query(`select 1 from sent_emails s join orders o on o.id = s.order_id where o.order_number = $1 and s.state = 'sending'`, [order.orderId])).rowCount ? true : undefined,
      30_000,
      'a send in progress',
    );
    stack.kill('notifications');
    await smtp({ delayMs: 0 });
    const notificationsHealth = `http://127.0.0.1:${stack.ports.notifications}/health`;
    await until(async () => ((await fetch(notificationsHealth)).ok ? true : undefined), 60_000, 'the worker restart');
    const restartedAt = performance.now();
    await until(() => delivered(order.n), 60_000, 'the confirmation after the crash');
    const afterRestartMs = performance.now() - restartedAt;
    rec.add(figure('confirmation after a worker crash mid-send, from the restart', afterRestartMs, 'ms', { name: 'payment to confirmation, no crash', value: calmMs, unit: 'ms' }, 'lower', 'target: under 10 s'));
  } finally {
    await smtp({ delayMs: 0 }).catch(() => undefined);
    await db.end();
  }
}
