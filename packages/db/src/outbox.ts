import { sql, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { newEventEnvelope, type EventEnvelope } from '@pickles/shared';
import type { Database } from './schema.js';

type DbHandle = Kysely<Database> | Transaction<Database>;

/**
 * Writes an event to the outbox. Call it inside the transaction that makes the state change, so the
 * event exists if and only if the change committed. Its commit wakes the relay (migration 011's NOTIFY),
 * whichever service wrote it.
 */
export async function writeOutboxEvent<TType extends string, TData>(
  trx: DbHandle,
  type: TType,
  version: number,
  data: TData,
): Promise<EventEnvelope<TType, TData>> {
  const envelope = newEventEnvelope(type, version, data);
  await trx.insertInto('outbox_events').values(outboxRowOf(envelope)).execute();
  return envelope;
}

/** The outbox row that carries `envelope` (kysely's values: the payload as JSON text). */
export function outboxRowOf(envelope: EventEnvelope) {
  return { id: envelope.id, type: envelope.type, version: envelope.version, payload: JSON.stringify(envelope), occurred_at: envelope.occurredAt };
}

/**
 * Claims up to `limit` due, unpublished rows in one short statement (a lease in `claimed_until`,
 * taken with SKIP LOCKED so concurrent relays never claim the same row), hands the whole batch to
 * `publish` with no transaction or connection held, then marks it published in another statement.
 * A batch whose publish fails is retried later with exponential backoff, capped at five minutes. A
 * relay that dies between the claim and the mark leaves its rows due again when the lease ends; the
 * next publish repeats job ids the queue already has, so it is still one job per event (decision 002).
 */
export async function relayOutboxBatch(
  db: Kysely<Database>,
  publish: (envelopes: EventEnvelope[]) => Promise<void>,
  { limit = 100, leaseMs = DEFAULT_OUTBOX_CLAIM_MS }: { limit?: number; leaseMs?: number } = {},
): Promise<{ claimed: number; published: number; failed: number }> {
  // Plain SQL of a fixed text: the relay runs these two statements for every commit when orders come
  // one at a time, and building them with kysely cost more CPU than PostgreSQL spent on them.
  const { rows } = await sql<{ id: string; payload: unknown; occurred_at: Date }>`
    update outbox_events set claimed_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (
      select id from outbox_events
      where published_at is null and available_at <= now() and (claimed_until is null or claimed_until <= now())
      order by occurred_at limit ${limit}
      for update skip locked)
    returning id, payload, occurred_at`.execute(db);
  if (!rows.length) return { claimed: 0, published: 0, failed: 0 };
  // RETURNING keeps no order: publish oldest first, as they were claimed.
  rows.sort((a, b) => new Date(a.occurred_at).getTime() - new Date(b.occurred_at).getTime());
  const ids = rows.map((row) => row.id);
  try {
    await publish(rows.map((row) => row.payload as EventEnvelope));
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await retryBriefly(() =>
      db
        .updateTable('outbox_events')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: message,
          available_at: sql`now() + make_interval(secs => least(300, power(2, least(${eb.ref('attempts')}, 8))))`,
          claimed_until: null,
        }))
        .where('id', 'in', ids)
        .execute(),
    );
    return { claimed: rows.length, published: 0, failed: rows.length };
  }
  // Retried, so a database blip right after the publish does not leave the batch claimed (and
  // unpublished in every count) until its lease ends; the jobs are in the queue either way.
  await retryBriefly(() => sql`update outbox_events set published_at = now(), claimed_until = null, last_error = null where id = any(${ids}::uuid[])`.execute(db));
  return { claimed: rows.length, published: rows.length, failed: 0 };
}

/** Runs `statement`, retrying a failure four times over about 1.5 s (a connection lost in a failover) before giving up. */
async function retryBriefly<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }
}

/**
 * How long a relay's claim on a batch keeps other relays away: past its publish timeout and the
 * mark's retries. Only a relay that dies mid-batch (or loses the claim's answer) makes it wait this.
 */
export const DEFAULT_OUTBOX_CLAIM_MS = 10_000;

/** The channel migration 011's trigger notifies on every committed outbox insert. */
export const OUTBOX_CHANNEL = 'outbox_events';

export interface OutboxListener {
  close: () => Promise<void>;
}

/**
 * LISTENs for committed outbox inserts on a dedicated connection (not one of the pool's) and calls
 * `onCommit` for each notification, and `onListening` each time it (re)starts listening, since
 * events may have committed while it was not. A lost connection (a restart, a failover, a terminated
 * backend) is reported to `onError` and replaced after a backoff of 100 ms doubling to 30 s; it
 * never throws. Polling remains the safety net for whatever a gap in listening hides.
 */
export function listenForOutboxCommits({
  connectionString,
  onCommit,
  onListening = () => {},
  onError = () => {},
  applicationName = 'outbox-listener',
}: {
  connectionString: string;
  onCommit: () => void;
  onListening?: () => void;
  onError?: (error: Error) => void;
  applicationName?: string;
}): OutboxListener {
  let closed = false;
  let current: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failures = 0;

  const drop = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    client.removeAllListeners('notification');
    client.end().catch(() => undefined);
    if (closed) return;
    const delay = Math.min(30_000, 100 * 2 ** Math.min(failures, 9));
    failures++;
    retryTimer = setTimeout(connect, delay);
  };

  const connect = async () => {
    if (closed) return;
    // keepAlive: a silently dead network path is noticed by TCP instead of never.
    const client = new pg.Client({ connectionString, application_name: applicationName, keepAlive: true, keepAliveInitialDelayMillis: 10_000, connectionTimeoutMillis: 5_000 });
    current = client;
    // Unheard, a connection error would crash the process; here it only means "listen again".
    client.on('error', (error) => {
      onError(error);
      drop(client);
    });
    client.on('end', () => drop(client));
    client.on('notification', (message) => {
      if (message.channel === OUTBOX_CHANNEL) onCommit();
    });
    try {
      await client.connect();
      await client.query(`listen ${OUTBOX_CHANNEL}`);
      if (current !== client) return;
      failures = 0;
      onListening();
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
      drop(client);
    }
  };
  void connect();

  return {
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      if (client) {
        client.removeAllListeners('notification');
        await client.end().catch(() => undefined);
      }
    },
  };
}
