import type { Server } from 'node:http';
import type { Logger } from 'pino';

export interface ShutdownOptions {
  logger: Logger;
  server?: Server;
  /** Closed in order after the server has stopped taking requests (workers, queues, pools). */
  closers: Array<{ name: string; close: () => Promise<unknown> }>;
  /** Longest time to wait for in-flight work before exiting anyway. */
  timeoutMs?: number;
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish, close the
 * closers in order, exit 0. A second signal or the timeout forces exit 1.
 */
export function handleShutdown({ logger, server, closers, timeoutMs = 10_000 }: ShutdownOptions): { isShuttingDown: () => boolean } {
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) {
      logger.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown timed out, exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    if (server) {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets would hold close() open until they time out.
        server.closeIdleConnections();
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
