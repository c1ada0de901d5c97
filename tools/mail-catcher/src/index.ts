import { z } from 'zod';
import { baseEnvSchema, createLogger, loadEnv, portSchema, refuseToStart } from '@pickles/service-kit';
import { startMailCatcher } from './catcher.js';

/**
 * A local mail catcher: an SMTP server that keeps every message in memory and a web page (and JSON
 * API) to read them. For development, demos and tests only (it shows every shopper's e-mail to
 * whoever reaches it): it refuses NODE_ENV=production and listens on this machine only by default.
 */
const env = loadEnv(
  baseEnvSchema.pick({ NODE_ENV: true, HOST: true }).extend({
    PORT: portSchema(8025),
    SMTP_PORT: portSchema(1025),
    LOG_LEVEL: z.string().default('info'),
  }),
);
if (env.NODE_ENV === 'production') refuseToStart(['The mail catcher is a development and test tool: it does not run with NODE_ENV=production']);
const logger = createLogger('mail-catcher', env.LOG_LEVEL);
const catcher = await startMailCatcher({ smtpPort: env.SMTP_PORT, httpPort: env.PORT, host: env.HOST });
const stop = async () => {
  await catcher.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
logger.info({ host: env.HOST, port: catcher.httpPort, smtpPort: catcher.smtpPort }, `mail catcher: http://localhost:${catcher.httpPort}, SMTP on ${catcher.smtpPort}`);
