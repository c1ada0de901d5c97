import type { Server } from 'node:http';
import type { Express } from 'express';

/** Starts `app` on `port` (0 = any free port) and resolves with the server and its port. */
export function listen(app: Express, port: number, host = '0.0.0.0'): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : port });
    });
    // Longer than the gateway's upstream agents keep sockets idle, so the gateway closes them first.
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.on('error', reject);
  });
}
