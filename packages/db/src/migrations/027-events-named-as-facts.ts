import { sql, type Kysely } from 'kysely';

/**
 * Events are named as past-tense facts (decision 039). The outbox's rows take their event's current
 * name, in the row and in the envelope it carries, so the relay publishes and the sweeper re-publishes
 * them under it. (A job already in Redis keeps its former name; the worker reads it as the new one.)
 */
/** Written out rather than imported: a migration keeps the meaning it had when it ran. */
const RENAMED = {
  'payment.needs-attention': 'payment.attention-raised',
  'order.shopper-update': 'order.changed',
  'complaint.update': 'complaint.updated',
  'batch-subscription.confirm': 'batch-subscription.requested',
};

/** Up and down are the same update, one the way back of the other. */
async function rename(db: Kysely<unknown>, direction: 'forward' | 'back'): Promise<void> {
  for (const [former, current] of Object.entries(RENAMED)) {
    const [from, to] = direction === 'forward' ? [former, current] : [current, former];
    await sql`
      update outbox_events
        set type = ${to}, payload = jsonb_set(payload, '{type}', to_jsonb(${to}::text))
        where type = ${from}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rename(db, 'forward');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rename(db, 'back');
}
