import { refuseToStart, runService } from '@pickles/service-kit';
import { sandboxEnvSchema } from './env.js';
import { createSandbox } from './sandbox.js';

await runService('razorpay-sandbox', sandboxEnvSchema, ({ env, logger }) => {
  // Anyone who can reach it can pay any order with a test card: never part of a live shop.
  if (env.NODE_ENV === 'production') refuseToStart(['The Razorpay sandbox is a development and test tool: it does not run with NODE_ENV=production']);
  const publicUrl = env.SANDBOX_PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`;
  const sandbox = createSandbox({
    keyId: env.SANDBOX_KEY_ID,
    keySecret: env.SANDBOX_KEY_SECRET,
    webhookSecret: env.SANDBOX_WEBHOOK_SECRET,
    ...(env.SANDBOX_WEBHOOK_URL ? { webhookUrl: env.SANDBOX_WEBHOOK_URL } : {}),
    publicUrl,
    businessName: env.SANDBOX_BUSINESS_NAME,
    knobs: { webhookDelayMs: env.SANDBOX_WEBHOOK_DELAY_MS },
    logger,
  });
  return {
    app: sandbox.app,
    closers: [{ name: 'sandbox', close: () => sandbox.close() }],
    describe: { keyId: env.SANDBOX_KEY_ID, webhookUrl: env.SANDBOX_WEBHOOK_URL ?? null, publicUrl, note: 'state is in memory' },
  };
});
