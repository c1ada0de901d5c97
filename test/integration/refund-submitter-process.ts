// One pass of the payments service's refund submitter in its own process, so a test can kill it
// with SIGKILL between Razorpay's answer and the commit of that answer.
import { createDb } from '@pickles/db';
import { createRazorpayClient } from '@pickles/razorpay-client';
import { createLogger } from '@pickles/service-kit';
import { submitRefundsOnce } from '@pickles/payments/refund-submitter';

const env = process.env as Record<string, string>;
const db = createDb({ connectionString: env.DATABASE_URL!, max: 2, applicationName: 'refund-submitter-process' });
const razorpay = createRazorpayClient({
  keyId: env.RAZORPAY_KEY_ID!,
  keySecret: env.RAZORPAY_KEY_SECRET!,
  webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
  apiBaseUrl: env.RAZORPAY_API_BASE_URL!,
  timeoutMs: 3_000,
});
process.stdout.write('started\n');
const result = await submitRefundsOnce({ db, razorpay, logger: createLogger('refund-submitter-process', 'silent'), relay: { nudge: () => {} } }, { leaseSeconds: Number(env.LEASE_SECONDS) });
process.stdout.write(`done ${JSON.stringify(result)}\n`);
await db.destroy();
