import { parseArgs } from 'node:util';
import { createDb } from '@pickles/db';
import { eraseShopper } from '../domain/personal-data.js';

/**
 * `npm run shopper:erase -- --email shopper@example.in`: a shopper's request to erase their data
 * (DPDP Act). Unpaid orders are erased completely; paid ones keep only what the tax invoice needs;
 * complaints keep their ticket number and dates; next-batch sign-ups are deleted.
 */
const { values } = parseArgs({ options: { email: { type: 'string' } } });
const email = values.email?.trim();
if (!email || !email.includes('@')) {
  process.stderr.write('Usage: npm run shopper:erase -- --email <the e-mail address the shopper ordered with>\n');
  process.exit(1);
}
const db = createDb({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/royal_pickles', max: 1, applicationName: 'erase-shopper' });
try {
  const erased = await eraseShopper(db, email);
  process.stdout.write(
    `Erased: ${erased.unpaid} unpaid order(s) completely; e-mail and phone of ${erased.paid} paid order(s) (name, address and amounts kept for the tax invoice); ${erased.archived} archived order(s); ${erased.complaints} complaint(s) (ticket numbers and dates kept); ${erased.subscriptions} next-batch sign-up(s).\n`,
  );
} finally {
  await db.destroy();
}
