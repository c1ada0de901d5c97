import { sql, type Transaction } from 'kysely';
import type { Db } from './create-db.js';
import type { Database } from './schema.js';

/**
 * Runs a read-only query under a server-side statement timeout: for readings that must stay cheap
 * whatever happens (a metrics scrape). Without it such a query could wait behind a lock (a
 * migration's ALTER TABLE, say), and every scrape after it would wait too, each holding a pool
 * connection the service's requests need. The transaction holds one connection for this query only.
 */
export function readWithin<T>(db: Db, timeoutMs: number, read: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`select set_config('statement_timeout', ${String(Math.round(timeoutMs))}, true)`.execute(trx);
      return read(trx);
    });
}
