import { createLogger, handleShutdown, listen, loadEnv } from '@pickles/service-kit';
import { sandboxEnvSchema } from './env.js';
import { createSandbox } from './sandbox.js';

const env = loadEnv(sandboxEnvSchema);
const publicUrl = env.SANDBOX_PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`;
const logger = createLogger('razorpay-sandbox', env.LOG_LEVEL);
const sandbox = createSandbox({
  keyId: env.SANDBOX_KEY_ID,
  keySecret: env.SANDBOX_KEY_SECRET,
  webhookSecret: env.SANDBOX_WEBHOOK_SECRET,
  ...(env.SANDBOX_WEBHOOK_URL ? { webhookUrl: env.SANDBOX_WEBHOOK_URL } : {}),
  publicUrl,
  knobs: { webhookDelayMs: env.SANDBOX_WEBHOOK_DELAY_MS },
  logger,
});
const { server, port } = await listen(sandbox.app, env.PORT);
handleShutdown({ logger, server, closers: [{ name: 'sandbox', close: () => sandbox.close() }] });
logger.info(
  { port, keyId: env.SANDBOX_KEY_ID, webhookUrl: env.SANDBOX_WEBHOOK_URL ?? null, publicUrl },
  'razorpay sandbox listening (state is in memory)',
);
