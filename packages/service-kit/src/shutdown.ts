import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { z } from 'zod';

/** Read by runService for every process (gateway included), beside the process's own variables. */
export const shutdownEnvSchema = z.object({
  /**
   * How long a process keeps serving after SIGTERM, its readiness already failing, before it stops
   * listening: the time for load balancers to stop sending it requests. Kubernetes' preStop sleep
   * covers the removal from the Service's endpoints; this covers whoever learns from answers (the
   * gateway avoids a replica that answers `Connection: close`). 0 closes the listener at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number({ error: 'expected milliseconds' }).int().min(0, { error: 'expected milliseconds (0 or more)' }).default(2_000),
});

export interface ShutdownOptions {
  logger: Logger;
  server?: Server;
  /** Closed in order after the server has stopped taking requests (workers, queues, pools). */
  closers: Array<{ name: string; close: () => Promise<unknown> }>;
  /** Longest time to wait, once the drain is over, for in-flight work before exiting anyway. */
  timeoutMs?: number;
  /** SHUTDOWN_DRAIN_MS: serving time after SIGTERM, readiness failing, every answer closing its connection. */
  drainMs?: number;
}

/** The closers of a process's background loops, stopped in the order named (`{ 'stock holds': stockHolds }`). */
export function loopClosers(loops: Record<string, { stop: () => Promise<unknown> }>): ShutdownOptions['closers'] {
  return Object.entries(loops).map(([name, loop]) => ({ name, close: () => loop.stop() }));
}

/** Connections that finished their request after the listener closed would otherwise idle until keepAliveTimeout. */
const IDLE_SWEEP_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops the process gracefully on SIGTERM (an orchestrator, a supervisor) or SIGINT (Ctrl-C):
 * 1. at once: readiness (`isShuttingDown`, read by healthRouter) fails, and every answer carries
 *    `Connection: close`, so callers stop reusing their connections to this process;
 * 2. SIGTERM only: for `drainMs` the process keeps serving, while load balancers stop sending to it
 *    (Ctrl-C at a terminal has nobody to wait for);
 * 3. the listener closes (new connections are refused), in-flight requests finish;
 * 4. the closers close in order (workers, loops, pools), and the process exits 0.
 * A second signal, or `timeoutMs` after the drain, exits 1 at once.
 */
export function handleShutdown({ logger, server, closers, timeoutMs = 10_000, drainMs = 0 }: ShutdownOptions): { isShuttingDown: () => boolean } {
  let shuttingDown = false;
  // Ahead of the app's own listener, so the header is in place before any handler answers.
  server?.prependListener('request', (_req, res) => {
    if (shuttingDown) res.setHeader('connection', 'close');
  });
  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      logger.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    const drain = signal === 'SIGTERM' ? drainMs : 0;
    logger.info({ signal, drainMs: drain }, 'shutting down');
    if (drain > 0) await sleep(drain);
    const force = setTimeout(() => {
      logger.error('shutdown timed out, exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    if (server) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // close() closes the idle keep-alive connections once; requests that were in flight leave
        // theirs idle afterwards (those that began before the signal did not get Connection: close).
        const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
        server.once('close', () => clearInterval(sweep));
      });
    }
    for (const closer of closers) {
      try {
        await closer.close();
      } catch (error) {
        logger.error({ err: error, closer: closer.name }, 'error while closing');
      }
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return { isShuttingDown: () => shuttingDown };
}
