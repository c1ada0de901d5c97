import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { sql, type Db } from '@pickles/db';
import { runEvery } from '@pickles/service-kit';
import { BATCH_OPENED, BATCH_SUBSCRIPTION_REQUESTED, COMPLAINT_UPDATED, NOTIFICATION_JOB_OPTIONS, ORDER_CHANGED, PAYMENT_ATTENTION_RAISED, PAYMENT_VERIFIED, QUEUES, type EventEnvelope } from '@pickles/shared';
import { sentOrderEmail } from './db/unconfirmed-orders.js';

export interface SweepOptions {
  /** Published this long ago with its e-mail still not recorded: queue it again. */
  afterSeconds: number;
  /** A confirmation still missing this long after the payment goes on the owner's attention list. */
  alertAfterSeconds: number;
}

export interface SweepResult {
  requeued: number;
  flagged: number;
}

/**
 * The e-mails' safety net. An event whose e-mail is not in sent_emails some minutes after the relay
 * published it is added to the queue again under its own event id: while its job still exists
 * (retrying through an SMTP outage) BullMQ ignores the add; if Redis lost it (a flush, a restart
 * without persistence) it is back. A confirmation missing for a day is shown to the owner.
 */
export async function sweepOnce({ db, queue, logger }: { db: Db; queue: Queue; logger: Logger }, options: SweepOptions): Promise<SweepResult> {
  const { rows } = await sql<{ payload: EventEnvelope; published_at: Date }>`
    select e.payload, e.published_at from outbox_events e
    where e.published_at is not null
      and e.published_at < now() - make_interval(secs => ${options.afterSeconds})
      and e.published_at > now() - interval '30 days'
      and (
        (e.type = ${PAYMENT_VERIFIED} and (
          not exists (select 1 from sent_emails s where ${sentOrderEmail('order-confirmation')})
          or not exists (select 1 from sent_emails s where ${sentOrderEmail('owner-alert')})))
        or (e.type = ${PAYMENT_ATTENTION_RAISED} and
          not exists (select 1 from sent_emails s where s.attention_id = (e.payload->'data'->>'attentionId')::uuid and s.kind = 'owner-attention' and s.state = 'sent'))
        -- A superseded update (a refund's "started" after its "processed") is done too: it is never sent.
        or (e.type = ${ORDER_CHANGED} and
          not exists (select 1 from sent_emails s where s.kind = e.payload->'data'->>'kind' and s.dedupe_key = e.payload->'data'->>'dedupeKey' and s.state in ('sent', 'superseded')))
        -- A complaint's shopper e-mail is 'complaint-<kind>' (and a new one's owner alert), keyed by the
        -- complaint id; an erased complaint sends nothing, so nothing is missing.
        or (e.type = ${COMPLAINT_UPDATED}
          and not exists (select 1 from complaints c where c.id = (e.payload->'data'->>'complaintId')::uuid and c.personal_data_erased_at is not null)
          and (not exists (select 1 from sent_emails s where s.kind = 'complaint-' || (e.payload->'data'->>'kind') and s.dedupe_key = e.payload->'data'->>'complaintId' and s.state = 'sent')
            or (e.payload->'data'->>'kind' = 'received'
              and not exists (select 1 from sent_emails s where s.kind = 'complaint-owner-alert' and s.dedupe_key = e.payload->'data'->>'complaintId' and s.state = 'sent'))))
        -- A sign-up's confirmation, while it is still pending (decision 029).
        or (e.type = ${BATCH_SUBSCRIPTION_REQUESTED}
          and exists (select 1 from batch_subscribers b where b.id = (e.payload->'data'->>'subscriberId')::uuid and b.state = 'pending')
          and not exists (select 1 from sent_emails s where s.kind = 'batch-confirm'
            and s.dedupe_key = (e.payload->'data'->>'subscriberId') || ':' || (e.payload->'data'->>'attempt') and s.state = 'sent'))
        -- A batch opening: any subscriber it told (and still told) without their e-mail.
        or (e.type = ${BATCH_OPENED}
          and exists (select 1 from batch_subscribers b where b.opening_id = (e.payload->'data'->>'openingId')::uuid and b.state = 'told'
            and not exists (select 1 from sent_emails s where s.kind = 'batch-ready' and s.dedupe_key = b.id::text and s.state = 'sent')))
      )
    order by e.published_at
    limit 500`.execute(db);
  const result: SweepResult = { requeued: 0, flagged: 0 };
  for (const { payload, published_at: publishedAt } of rows) {
    await queue.add(payload.type, payload, { ...NOTIFICATION_JOB_OPTIONS, jobId: payload.id });
    result.requeued++;
    if (payload.type === PAYMENT_VERIFIED && Date.now() - new Date(publishedAt).getTime() > options.alertAfterSeconds * 1000) {
      const data = payload.data as { orderId: string; orderNumber: string; razorpayOrderId: string; razorpayPaymentId: string; amountPaise: number };
      const inserted = await db
        .insertInto('payment_attention')
        .values({
          kind: 'confirmation-not-sent',
          order_id: data.orderId,
          order_number: data.orderNumber,
          razorpay_order_id: data.razorpayOrderId,
          razorpay_payment_id: data.razorpayPaymentId,
          amount_paise: data.amountPaise,
          detail: 'Its confirmation e-mail is still not sent; the shop keeps trying.',
        })
        .onConflict((conflict) => conflict.columns(['razorpay_payment_id', 'kind']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) {
        result.flagged++;
        logger.warn({ orderId: data.orderId, orderNumber: data.orderNumber, eventId: payload.id }, 'sweep: confirmation still not sent; on the owner\'s attention list');
      }
    }
  }
  if (result.requeued) logger.info(result, 'sweep: e-mails queued again');
  return result;
}

export function startSweeper(
  { db, connection, prefix, logger }: { db: Db; connection: Redis; prefix: string; logger: Logger },
  { intervalSeconds, ...options }: SweepOptions & { intervalSeconds: number },
): { stop: () => Promise<void> } {
  const queue = new Queue(QUEUES.notifications, { connection, prefix });
  queue.on('error', () => {});
  const loop = runEvery(intervalSeconds * 1000, () => sweepOnce({ db, queue, logger }, options), (error) => logger.warn({ err: error }, 'sweep failed; will retry'));
  return {
    stop: async () => {
      await loop.stop();
      await queue.close();
    },
  };
}
