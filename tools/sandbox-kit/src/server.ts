import type { Server } from 'node:http';
import { errorHandler, healthRouter, listen, NotFoundError, notFoundHandler, refuseToStart, runService, type Logger } from '@pickles/service-kit';
import express, { type Express, type Request, type Response, type Router } from 'express';
import type { z } from 'zod';

export interface BuiltSandbox {
  app: Express;
  /** Cancels timers and drops held connections. */
  close(): Promise<void>;
}

/** A built sandbox with its in-memory state, for tests and the dashboard to drive. */
export type StatefulSandbox<State> = BuiltSandbox & { state: State };

/** The options every sandbox takes last: its start-up knobs and its logger. */
export interface SandboxStartOptions<Knobs> {
  /** Start-up knob values (POST /sandbox/reset returns to these). */
  knobs?: Partial<Knobs>;
  logger?: Logger;
}

export type Listening<S extends BuiltSandbox> = S & {
  server: Server;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
};

/** For tests: a built sandbox listening on 127.0.0.1 (port 0 = any free one); close() stops both. */
export async function listenSandbox<S extends BuiltSandbox>(sandbox: S, port = 0): Promise<Listening<S>> {
  const listening = await listen(sandbox.app, port, '127.0.0.1');
  return {
    ...sandbox,
    server: listening.server,
    port: listening.port,
    url: `http://127.0.0.1:${listening.port}`,
    async close() {
      await sandbox.close();
      listening.server.closeAllConnections();
      await new Promise<void>((resolve) => listening.server.close(() => resolve()));
    },
  };
}

/** Drops the connections a sandbox holds open (the knob that never answers). */
export function dropHeld(held: Set<Response>): void {
  for (const response of held) response.socket?.destroy();
  held.clear();
}

/**
 * A sandbox's process: refuses NODE_ENV=production (anyone who reaches a sandbox can act on the
 * shop's behalf), then builds it with its public URL (default http://127.0.0.1:<PORT>).
 */
export async function runSandbox<Schema extends z.ZodType<{ PORT: number; HOST: string; NODE_ENV?: string; LOG_LEVEL?: string }>>(
  name: string,
  title: string,
  envSchema: Schema,
  publicUrlOf: (env: z.infer<Schema>) => string | undefined,
  build: (env: z.infer<Schema>, publicUrl: string, logger: Logger) => { sandbox: BuiltSandbox; describe: Record<string, unknown> },
): Promise<void> {
  await runService(name, envSchema, ({ env, logger }) => {
    if (env.NODE_ENV === 'production') refuseToStart([`The ${title} is a development and test tool: it does not run with NODE_ENV=production`]);
    const publicUrl = publicUrlOf(env) ?? `http://127.0.0.1:${env.PORT}`;
    const { sandbox, describe } = build(env, publicUrl, logger);
    return { app: sandbox.app, closers: [{ name: 'sandbox', close: () => sandbox.close() }], describe };
  });
}

/** A sandbox's Express app before its routes: no x-powered-by, the loopback proxy trusted, /health. */
export function sandboxApp(name: string): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(healthRouter(name, {}));
  return app;
}

interface ControlledState {
  snapshot(): unknown;
  knobs: unknown;
  reset(): void;
  close(): void;
  webhooks: { release(): number; redeliver(id: string): boolean };
}

/**
 * The test controls both sandboxes have under /sandbox: GET /state and /knobs, POST /reset (held
 * connections dropped too), /webhooks/release and /webhooks/:id/redeliver. `answer` sends a result.
 */
export function stateControls(
  controls: Router,
  state: ControlledState,
  held: Set<Response>,
  answer: (req: Request, res: Response, json: unknown) => void,
  unknownWebhook: string,
): void {
  controls.get('/state', (_req, res) => {
    res.json(state.snapshot());
  });
  controls.get('/knobs', (_req, res) => {
    res.json(state.knobs);
  });
  controls.post('/reset', (req, res) => {
    dropHeld(held);
    state.reset();
    answer(req, res, { ok: true });
  });
  controls.post('/webhooks/release', (req, res) => {
    answer(req, res, { released: state.webhooks.release() });
  });
  controls.post('/webhooks/:id/redeliver', (req, res) => {
    if (!state.webhooks.redeliver(req.params.id!)) throw new NotFoundError(unknownWebhook);
    answer(req, res, { ok: true });
  });
}

/** Mounts the controls at /sandbox, ends the app with the 404 and error handlers, and returns the sandbox. */
export function finishSandbox<S extends Pick<ControlledState, 'close'>>(app: Express, controls: Router, state: S, held: Set<Response>, logger: Logger) {
  app.use('/sandbox', controls);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return {
    app,
    state,
    async close() {
      dropHeld(held);
      state.close();
    },
  };
}
