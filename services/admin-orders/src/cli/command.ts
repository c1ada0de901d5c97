import { parseArgs } from 'node:util';
import { createDb, type Db } from '@pickles/db';

/** The value of the one `--name` option a command needs, trimmed; without it (or when `isValid` refuses it) the usage line and exit 1. */
export function requiredOption(name: string, usage: string, isValid: (value: string) => boolean = () => true): string {
  const { values } = parseArgs({ options: { [name]: { type: 'string' } } });
  const value = (values[name] as string | undefined)?.trim();
  if (!value || !isValid(value)) {
    process.stderr.write(`Usage: ${usage}\n`);
    process.exit(1);
  }
  return value;
}

/** Runs a command's work on one connection to DATABASE_URL (the local demo database when unset), closed after. */
export async function withCommandDb<T>(applicationName: string, work: (db: Db) => Promise<T>): Promise<T> {
  const db = createDb({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/royal_pickles', max: 1, applicationName });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}
