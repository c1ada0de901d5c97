import { sql } from 'kysely';
import type { Db } from './create-db.js';

/** The readiness check every service runs against PostgreSQL. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
