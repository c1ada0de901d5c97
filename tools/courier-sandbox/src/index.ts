import { runSandbox } from '@pickles/sandbox-kit';
import { sandboxEnvSchema } from './env.js';
import { createSandbox } from './sandbox.js';

await runSandbox(
  'courier-sandbox',
  'courier sandbox',
  sandboxEnvSchema,
  (env) => env.COURIER_SANDBOX_PUBLIC_URL,
  (env, publicUrl, logger) => ({
    sandbox: createSandbox({
      email: env.COURIER_SANDBOX_EMAIL,
      password: env.COURIER_SANDBOX_PASSWORD,
      ...(env.COURIER_SANDBOX_WEBHOOK_URL ? { webhookUrl: env.COURIER_SANDBOX_WEBHOOK_URL } : {}),
      webhookToken: env.COURIER_SANDBOX_WEBHOOK_TOKEN,
      publicUrl,
      logger,
    }),
    describe: { apiUser: env.COURIER_SANDBOX_EMAIL, webhookUrl: env.COURIER_SANDBOX_WEBHOOK_URL ?? null, publicUrl, dashboard: `${publicUrl}/sandbox`, note: 'state is in memory' },
  }),
);
