import { revokeTrackingLinks } from '../db/tracking-links.js';
import { requiredOption, withCommandDb } from './command.js';

/**
 * `npm run tracking:revoke -- --order RP261123-7KQ2XD`: on a shopper's request (a forwarded e-mail, a
 * shared screenshot), the tracking links sent so far stop opening the order and its invoice.
 */
const orderNumber = requiredOption('order', 'npm run tracking:revoke -- --order <order number>');
const version = await withCommandDb('revoke-tracking-links', (db) => revokeTrackingLinks(db, orderNumber));
if (version === undefined) {
  process.stderr.write(`No order ${orderNumber}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(`The tracking links of ${orderNumber.toUpperCase()} sent so far no longer open it; e-mails from now on carry new ones, and the tracking form (order number with phone or e-mail) still works.\n`);
}
