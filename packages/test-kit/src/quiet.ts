import { sql, type Db } from '@pickles/db';
import { eventually } from './factories.js';

/** Where "nothing under way" is read: the database (the outbox), the notifications queue (a BullMQ Queue), the Razorpay sandbox's webhooks. */
export interface ShopParts {
  db: Db;
  queue: { getJobCounts(...types: string[]): Promise<Record<string, number>> };
  webhooksIdle: () => boolean | Promise<boolean>;
}

/** No webhook being sent or retried, no due outbox row unpublished, no notification job waiting, running or waiting to retry. */
export async function isShopQuiet({ db, queue, webhooksIdle }: ShopParts): Promise<boolean> {
  if (!(await webhooksIdle())) return false;
  const due = await db
    .selectFrom('outbox_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('published_at', 'is', null)
    .where('available_at', '<=', sql<Date>`now()`)
    .executeTakeFirstOrThrow();
  if (Number(due.n) > 0) return false;
  const jobs = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
  return Object.values(jobs).every((n) => n === 0);
}

/**
 * Resolves once nothing else will happen on its own: quiet twice in a row, `intervalMs` apart (a step
 * that hands work to the next is never caught between them). Use it instead of a fixed sleep before
 * asserting that something did NOT happen (a second e-mail, say).
 */
export async function untilShopQuiet(parts: ShopParts, timeoutMs = 10_000, intervalMs = 100): Promise<void> {
  let quietChecks = 0;
  await eventually(
    async () => {
      quietChecks = (await isShopQuiet(parts)) ? quietChecks + 1 : 0;
      return quietChecks >= 2;
    },
    timeoutMs,
    intervalMs,
  );
}
