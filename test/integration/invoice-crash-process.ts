// Settles one captured payment in its own process and stops inside the transaction, after the
// invoice took its number and before the commit, so a test can kill it with SIGKILL there.
import { createDb } from '@pickles/db';
import { settlePaymentInTransaction } from '@pickles/payments/settle-payment';

const [razorpayOrderId, paymentId, amount] = process.argv.slice(2) as [string, string, string];
const db = createDb({ connectionString: process.env.DATABASE_URL!, max: 1, applicationName: 'invoice-crash-process' });
await db.transaction().execute(async (trx) => {
  await settlePaymentInTransaction(trx, { razorpayOrderId, observation: { kind: 'captured', paymentId, amountPaise: Number(amount) }, source: 'webhook' });
  const issued = await trx.selectFrom('tax_documents').select('number').where('razorpay_payment_id', '=', paymentId).executeTakeFirstOrThrow();
  process.stdout.write(`issued ${issued.number}\n`);
  // Never commits: the test kills the process here.
  await new Promise(() => {});
});
