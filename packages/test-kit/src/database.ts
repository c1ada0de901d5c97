import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb, migrateToLatest, type Db } from '@pickles/db';

/**
 * Integration tests run against a real PostgreSQL. Each test run gets its own freshly migrated
 * database, dropped afterwards. The server comes from TEST_DATABASE_ADMIN_URL (a URL of any existing
 * database on it), which the global setup sets from resolveTestServers (servers.ts): the environment's
 * server, a testcontainers PostgreSQL, or localhost.
 */
export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function createTestDatabase(adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL): Promise<TestDatabase> {
  const name = `pickles_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const db = createDb({ connectionString: url, max: 2 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return {
    url,
    name,
    drop: () => dropDatabase(adminUrl, name),
  };
}

/**
 * Copies of a migrated database, made from it as a template (a copy takes a fraction of a second, a
 * migration several). The template must have no open connection.
 */
export async function copyTestDatabase(template: TestDatabase, copies: number, adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL): Promise<TestDatabase[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const made: TestDatabase[] = [];
  try {
    for (let copy = 1; copy <= copies; copy++) {
      const name = `${template.name}_w${copy}`;
      await admin.query(`create database ${name} template ${template.name}`);
      made.push({ url: withDatabase(adminUrl, name), name, drop: () => dropDatabase(adminUrl, name) });
    }
  } finally {
    await admin.end();
  }
  return made;
}

async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** A kysely handle on the run's database (DATABASE_URL set by the global setup). */
export function testDb(): Db {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run tests through vitest (global setup creates the database)');
  return createDb({ connectionString: url, max: 4 });
}

export interface OwnDatabase extends TestDatabase {
  /** Puts the run's DATABASE_URL back and drops this database. */
  release: () => Promise<void>;
}

/**
 * A database of the test file's own, for a file whose rows must not meet other files' (a numbered
 * series, a pass over every due row): DATABASE_URL names it, for the harnesses and child processes
 * the file starts, until `release`.
 */
export async function useOwnDatabase(): Promise<OwnDatabase> {
  const shared = process.env.DATABASE_URL;
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  return {
    ...database,
    release: async () => {
      process.env.DATABASE_URL = shared;
      await database.drop();
    },
  };
}
