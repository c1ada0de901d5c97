import { createServer, type IncomingHttpHeaders } from 'node:http';

/**
 * A webhook receiver on a free port keeping every delivery's exact raw body, read by `parse`;
 * `answer` picks the HTTP status of the nth (default 200). Deliveries go to `url` (`path` on it).
 */
export async function startRawReceiver<T>(
  path: string,
  parse: (rawBody: string, headers: IncomingHttpHeaders, status: number) => T,
  answer: (nth: number, body: string) => number,
  reply: { ok: string; notOk: string; isOk: (status: number) => boolean },
) {
  const received: T[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const status = answer(received.length + 1, rawBody);
      received.push(parse(rawBody, req.headers, status));
      res.statusCode = status;
      res.end(reply.isOk(status) ? reply.ok : reply.notOk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
