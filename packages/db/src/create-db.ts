import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// bigint (count(*), bigserial) comes back as a string by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// A `date` is a calendar day ('2026-11-30'), not an instant: parsing it as local midnight shifts it.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface CreateDbOptions {
  connectionString: string;
  /** Pool size per process. */
  max?: number;
  applicationName?: string;
  /** Told about a lost connection (a restart, a failover, a terminated backend); never throws. */
  onConnectionError?: (error: Error) => void;
}

export type Db = Kysely<Database>;

export function createDb({ connectionString, max = 10, applicationName, onConnectionError = () => {} }: CreateDbOptions): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    // Fail fast when PostgreSQL is unreachable instead of hanging a request.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A connection that dies emits 'error' on its client: on the pool when the client is idle, on the
  // client itself when it is checked out (in a transaction, say). Unheard, either crashes the process.
  // Both are only reported: the query in flight fails on its own (the request answers 503) and the
  // pool replaces the connection.
  pool.on('error', (error) => onConnectionError(error));
  pool.on('connect', (client) => {
    client.on('error', (error) => onConnectionError(error));
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
