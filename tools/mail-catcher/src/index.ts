import { z } from 'zod';
import { createLogger, loadEnv, portSchema } from '@pickles/service-kit';
import { startMailCatcher } from './catcher.js';

/**
 * A local mail catcher: an SMTP server that keeps every message in memory and a web page (and JSON
 * API) to read them. For development, demos and tests only; production uses a real SMTP relay.
 */
const env = loadEnv(
  z.object({
    PORT: portSchema(8025),
    SMTP_PORT: portSchema(1025),
    LOG_LEVEL: z.string().default('info'),
  }),
);
const logger = createLogger('mail-catcher', env.LOG_LEVEL);
const catcher = await startMailCatcher({ smtpPort: env.SMTP_PORT, httpPort: env.PORT });
const stop = async () => {
  await catcher.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
logger.info({ port: catcher.httpPort, smtpPort: catcher.smtpPort }, `mail catcher: http://localhost:${catcher.httpPort}, SMTP on ${catcher.smtpPort}`);
