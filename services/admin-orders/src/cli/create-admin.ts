import { parseArgs } from 'node:util';
import { adminLoginSchema } from '@pickles/shared';
import { hashPassword } from '../domain/password.js';
import { setAdminPassword } from '../db/admins.js';
import { withCommandDb } from './command.js';

/**
 * `npm run admin:create -- --username owner` creates the admin or resets its password (which ends every
 * token issued before). The
 * password is read from stdin (or --password, for development only: it shows in the process list).
 */
const { values } = parseArgs({ options: { username: { type: 'string' }, password: { type: 'string' } } });

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(Buffer.from(chunk));
    if (process.stdin.isTTY && String(chunk).includes('\n')) break;
  }
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n[\s\S]*$/, '');
}

const password = values.password ?? (await readStdin());
const parsed = adminLoginSchema.safeParse({ username: values.username, password });
if (!parsed.success) {
  process.stderr.write(`${parsed.error.issues.map((i) => i.message).join('\n')}\nUsage: npm run admin:create -- --username <name> (password on stdin)\n`);
  process.exit(1);
}
if (parsed.data.password.length < 8) {
  process.stderr.write('Choose a password of at least 8 characters\n');
  process.exit(1);
}
const outcome = await withCommandDb('create-admin', async (db) => setAdminPassword(db, parsed.data.username, await hashPassword(parsed.data.password)));
process.stdout.write(`Admin ${parsed.data.username} ${outcome}\n`);
