import { refuseToStart, runService } from '@pickles/service-kit';
import { sandboxEnvSchema } from './env.js';
import { createSandbox } from './sandbox.js';

await runService('courier-sandbox', sandboxEnvSchema, ({ env, logger }) => {
  // Anyone who reaches it can book, deliver or return parcels on the shop's behalf: never part of a live shop.
  if (env.NODE_ENV === 'production') refuseToStart(['The courier sandbox is a development and test tool: it does not run with NODE_ENV=production']);
  const publicUrl = env.COURIER_SANDBOX_PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`;
  const sandbox = createSandbox({
    email: env.COURIER_SANDBOX_EMAIL,
    password: env.COURIER_SANDBOX_PASSWORD,
    ...(env.COURIER_SANDBOX_WEBHOOK_URL ? { webhookUrl: env.COURIER_SANDBOX_WEBHOOK_URL } : {}),
    webhookToken: env.COURIER_SANDBOX_WEBHOOK_TOKEN,
    publicUrl,
    logger,
  });
  return {
    app: sandbox.app,
    closers: [{ name: 'sandbox', close: () => sandbox.close() }],
    describe: { apiUser: env.COURIER_SANDBOX_EMAIL, webhookUrl: env.COURIER_SANDBOX_WEBHOOK_URL ?? null, publicUrl, dashboard: `${publicUrl}/sandbox`, note: 'state is in memory' },
  };
});
