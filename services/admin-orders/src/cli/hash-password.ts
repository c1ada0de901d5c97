import { hashPassword } from '../domain/password.js';

/**
 * Prints a password hash for ADMIN_PASSWORD_HASH. The password comes from stdin so it never
 * appears in the shell history or the process list: `echo -n secret | npx tsx .../hash-password.ts`.
 */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

const password = await readStdin();
if (!password) {
  process.stderr.write('Give the password on stdin, e.g. echo -n "$PASSWORD" | npx tsx services/admin-orders/src/cli/hash-password.ts\n');
  process.exit(1);
}
process.stdout.write(`${await hashPassword(password)}\n`);
