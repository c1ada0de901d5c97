import { runSandbox } from '@pickles/sandbox-kit';
import { sandboxEnvSchema } from './env.js';
import { createSandbox } from './sandbox.js';

await runSandbox(
  'razorpay-sandbox',
  'Razorpay sandbox',
  sandboxEnvSchema,
  (env) => env.SANDBOX_PUBLIC_URL,
  (env, publicUrl, logger) => ({
    sandbox: createSandbox({
      keyId: env.SANDBOX_KEY_ID,
      keySecret: env.SANDBOX_KEY_SECRET,
      webhookSecret: env.SANDBOX_WEBHOOK_SECRET,
      ...(env.SANDBOX_WEBHOOK_URL ? { webhookUrl: env.SANDBOX_WEBHOOK_URL } : {}),
      publicUrl,
      businessName: env.SANDBOX_BUSINESS_NAME,
      knobs: { webhookDelayMs: env.SANDBOX_WEBHOOK_DELAY_MS },
      logger,
    }),
    describe: { keyId: env.SANDBOX_KEY_ID, webhookUrl: env.SANDBOX_WEBHOOK_URL ?? null, publicUrl, note: 'state is in memory' },
  }),
);
