import { parseArgs } from 'node:util';
import { createDb } from '@pickles/db';
import { revokeTrackingLinks } from '../db/tracking-links.js';

/**
 * `npm run tracking:revoke -- --order RP261123-7KQ2XD`: on a shopper's request (a forwarded e-mail, a
 * shared screenshot), the tracking links sent so far stop opening the order and its invoice.
 */
const { values } = parseArgs({ options: { order: { type: 'string' } } });
const orderNumber = values.order?.trim();
if (!orderNumber) {
  process.stderr.write('Usage: npm run tracking:revoke -- --order <order number>\n');
  process.exit(1);
}
const db = createDb({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/royal_pickles', max: 1, applicationName: 'revoke-tracking-links' });
try {
  const version = await revokeTrackingLinks(db, orderNumber);
  if (version === undefined) {
    process.stderr.write(`No order ${orderNumber}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`The tracking links of ${orderNumber.toUpperCase()} sent so far no longer open it; e-mails from now on carry new ones, and the tracking form (order number with phone or e-mail) still works.\n`);
  }
} finally {
  await db.destroy();
}
