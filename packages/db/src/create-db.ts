import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

// bigint (count(*), bigserial) comes back as a string by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface CreateDbOptions {
  connectionString: string;
  /** Pool size per process. */
  max?: number;
  applicationName?: string;
}

export type Db = Kysely<Database>;

export function createDb({ connectionString, max = 10, applicationName }: CreateDbOptions): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    // Fail fast when PostgreSQL is unreachable instead of hanging a request.
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
