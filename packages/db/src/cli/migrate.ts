import pg from 'pg';
import { createDb } from '../create-db.js';
import { migrateToLatest } from '../migrate.js';

/**
 * `npm run migrate`: creates the database if it does not exist yet (local convenience), then
 * applies pending migrations. Safe to run again and from several places at once.
 */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/royal_pickles';

async function ensureDatabase(connectionString: string): Promise<void> {
  const target = new URL(connectionString);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) return; // unusual names are left to the operator
  const admin = new URL(connectionString);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  try {
    await client.connect();
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database ${name}`);
      console.log(`created database ${name}`);
    }
  } catch {
    // No rights on the maintenance database (a managed service): assume the database exists.
  } finally {
    await client.end().catch(() => {});
  }
}

async function main(): Promise<void> {
  await ensureDatabase(url);
  const db = createDb({ connectionString: url, max: 1, applicationName: 'migrate' });
  try {
    const { applied } = await migrateToLatest(db);
    console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
