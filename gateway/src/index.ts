import { createLogger, handleShutdown, listen } from '@pickles/service-kit';
import { createGatewayApp } from './app.js';
import { loadGatewayEnv } from './env.js';

const env = loadGatewayEnv();
const logger = createLogger('gateway', env.LOG_LEVEL);
const app = createGatewayApp(env, logger);
const { server, port } = await listen(app, env.PORT);
handleShutdown({ logger, server, closers: [] });
logger.info({ port }, `gateway listening on http://localhost:${port}`);
