import type { Express } from 'express';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { loadEnv } from './env.js';
import { productionProblems } from './production.js';
import { listen } from './listen.js';
import { createLogger } from './logger.js';
import { handleShutdown, shutdownEnvSchema } from './shutdown.js';

export interface ServiceParts {
  app: Express;
  /** Closed in order once the server has stopped taking requests (workers, queues, pools). */
  closers?: Array<{ name: string; close: () => Promise<unknown> }>;
  /** Longest wait for in-flight work on shutdown, once the drain (SHUTDOWN_DRAIN_MS) is over. */
  shutdownTimeoutMs?: number;
  /** Extra fields for the "listening" log line. */
  describe?: Record<string, unknown>;
}

export interface ServiceContext<TEnv> {
  env: TEnv;
  logger: Logger;
  /** True once a shutdown signal arrived: readiness fails first, so the orchestrator stops sending traffic. */
  isShuttingDown: () => boolean;
}

/** Exits 1 after printing one line per problem (never a value), as a bad environment does. */
export function refuseToStart(problems: readonly string[]): never {
  for (const line of problems) process.stderr.write(`${line}\n`);
  process.exit(1);
}

/**
 * The one way a process starts: validate the environment (exit 1 with one line per bad variable; in
 * production also every published demo value and every variable in `requiredInProduction`), make the
 * logger, build the parts, listen on HOST:PORT, and stop gracefully on SIGTERM/SIGINT (handleShutdown:
 * readiness fails first, SHUTDOWN_DRAIN_MS of serving, then in-flight work finishes and the closers close).
 */
export async function runService<TSchema extends z.ZodType<{ PORT: number; HOST: string; NODE_ENV?: string; LOG_LEVEL?: string }>>(
  name: string,
  envSchema: TSchema,
  build: (context: ServiceContext<z.infer<TSchema>>) => Promise<ServiceParts> | ServiceParts,
  { requiredInProduction = [] }: { requiredInProduction?: readonly string[] } = {},
): Promise<void> {
  const env = loadEnv(envSchema);
  const { SHUTDOWN_DRAIN_MS } = loadEnv(shutdownEnvSchema);
  if (env.NODE_ENV === 'production') {
    const problems = productionProblems(process.env, requiredInProduction);
    if (problems.length) refuseToStart(problems);
  }
  const logger = createLogger(name, env.LOG_LEVEL ?? 'info');
  // A bug that escapes every handler is logged with its context before the process exits (the
  // supervisor, compose or Kubernetes starts it again); dependency errors never get this far.
  process.on('uncaughtException', (error, origin) => {
    logger.fatal({ err: error, origin }, 'uncaught exception; exiting');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'unhandled promise rejection; exiting');
    process.exit(1);
  });
  let isShuttingDown = () => false;
  const parts = await build({ env, logger, isShuttingDown: () => isShuttingDown() });
  const { server, port } = await listen(parts.app, env.PORT, env.HOST);
  isShuttingDown = handleShutdown({ logger, server, closers: parts.closers ?? [], timeoutMs: parts.shutdownTimeoutMs, drainMs: SHUTDOWN_DRAIN_MS }).isShuttingDown;
  logger.info({ host: env.HOST, port, ...parts.describe }, `${name} listening`);
}
