import { runService } from '@pickles/service-kit';
import { createGatewayApp } from './app.js';
import { gatewayEnvSchema } from './env.js';

await runService('gateway', gatewayEnvSchema, ({ env, logger }) => ({
  app: createGatewayApp(env, logger),
  describe: { url: `http://localhost:${env.PORT}` },
}));
