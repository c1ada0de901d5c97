// A process for shutdown.test.ts: runService with a slow route and a closer that reports itself.
import express from 'express';
import { z } from 'zod';
import { healthRouter } from '../src/health.js';
import { runService } from '../src/run-service.js';

const schema = z.object({ PORT: z.coerce.number(), HOST: z.string().default('127.0.0.1'), LOG_LEVEL: z.enum(['info']).default('info') });

await runService('draining', schema, ({ isShuttingDown }) => {
  const app = express();
  app.use(healthRouter('draining', {}, isShuttingDown));
  app.get('/slow', (_req, res) => {
    // Said as it arrives, so the test signals only once the request is in the server.
    process.stdout.write('{"msg":"slow request arrived"}\n');
    setTimeout(() => res.json({ finished: true }), Number(process.env.SLOW_MS));
  });
  app.get('/fast', (_req, res) => {
    res.json({ ok: true });
  });
  return {
    app,
    closers: [{ name: 'worker', close: async () => void process.stdout.write('{"msg":"worker closed"}\n') }],
  };
});
