import { parseArgs } from 'node:util';
import { createDb } from '@pickles/db';
import { removeAdmin } from '../db/admins.js';

/**
 * `npm run admin:remove -- --username admin` removes an admin from `DATABASE_URL` (the demo's, left
 * in a database a live shop now uses); its sessions end with it.
 */
const { values } = parseArgs({ options: { username: { type: 'string' } } });
const username = values.username?.trim();
if (!username) {
  process.stderr.write('Usage: npm run admin:remove -- --username <name>\n');
  process.exit(1);
}
const db = createDb({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/royal_pickles', max: 1, applicationName: 'remove-admin' });
try {
  const removed = await removeAdmin(db, username);
  process.stdout.write(removed ? `Admin ${username} removed\n` : `No admin ${username}\n`);
  if (!removed) process.exitCode = 1;
} finally {
  await db.destroy();
}
