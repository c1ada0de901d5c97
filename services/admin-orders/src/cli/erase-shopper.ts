import { eraseShopper } from '../domain/personal-data.js';
import { requiredOption, withCommandDb } from './command.js';

/**
 * `npm run shopper:erase -- --email shopper@example.in`: a shopper's request to erase their data
 * (DPDP Act). Unpaid orders are erased completely; paid ones keep only what the tax invoice needs;
 * complaints keep their ticket number and dates; next-batch sign-ups are deleted.
 */
const email = requiredOption('email', 'npm run shopper:erase -- --email <the e-mail address the shopper ordered with>', (value) => value.includes('@'));
const erased = await withCommandDb('erase-shopper', (db) => eraseShopper(db, email));
process.stdout.write(
  `Erased: ${erased.unpaid} unpaid order(s) completely; e-mail and phone of ${erased.paid} paid order(s) (name, address and amounts kept for the tax invoice); ${erased.archived} archived order(s); ${erased.complaints} complaint(s) (ticket numbers and dates kept); ${erased.subscriptions} next-batch sign-up(s).\n`,
);
