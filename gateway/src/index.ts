import { runService } from '@pickles/service-kit';
import { createGatewayApp } from './app.js';
import { gatewayEnvSchema } from './env.js';
import { startMetricsListener } from './metrics.js';

await runService('gateway', gatewayEnvSchema, async ({ env, logger }) => {
  const metrics = await startMetricsListener(env.METRICS_PORT, env.METRICS_HOST, logger);
  return {
    app: createGatewayApp(env, logger),
    closers: [{ name: 'metrics listener', close: metrics.close }],
    describe: { url: `http://localhost:${env.PORT}`, metricsHost: env.METRICS_HOST, metricsPort: metrics.port },
  };
});
