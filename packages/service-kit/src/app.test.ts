import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startApp } from '@pickles/test-kit';
import { createServiceApp, serviceMetrics } from './app.js';
import { healthRouter } from './health.js';

/** A logger writing into `lines`, one JSON string per line. */
function capturingLogger(lines: string[]) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return pino({ level: 'info' }, sink);
}

type LogLine = { msg?: string; req?: { url: string; id: string; method: string }; res?: { statusCode: number } };
const requestLines = (lines: string[]) => lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.req);

describe('request logs', () => {
  it('keep the request id, method, path and status, never the query string (admin searches carry e-mails): one line per request', async () => {
    const lines: string[] = [];
    const app = createServiceApp(capturingLogger(lines));
    app.get('/api/admin/orders', (_req, res) => {
      res.json({ success: true });
    });
    const running = await startApp(app);
    try {
      const response = await fetch(`${running.url}/api/admin/orders?search=meera.iyer%40example.in&city=9876543210`, { headers: { 'x-request-id': 'req-123' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toBe('req-123');
    } finally {
      await running.close();
    }
    const entries = requestLines(lines);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.msg).toBe('request completed');
    expect(entries[0]?.req).toEqual({ id: 'req-123', method: 'GET', url: '/api/admin/orders' });
    expect(entries[0]?.res?.statusCode).toBe(200);
    expect(lines.join('\n')).not.toMatch(/meera|9876543210/);
  });

  it('say "request aborted" when the client leaves before the answer', async () => {
    const lines: string[] = [];
    const app = createServiceApp(capturingLogger(lines));
    let closed!: () => void;
    const clientGone = new Promise<void>((resolve) => (closed = resolve));
    app.get('/api/admin/export', (_req, res) => {
      res.on('close', () => closed());
    });
    const running = await startApp(app);
    try {
      await expect(fetch(`${running.url}/api/admin/export`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
      await clientGone;
    } finally {
      await running.close();
    }
    const entries = requestLines(lines);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.msg).toBe('request aborted');
  });
});

describe('the front', () => {
  it('hands a request to its route in the same turn of the event loop (no mounted router to leave through setImmediate)', async () => {
    const logger = pino({ level: 'silent' });
    const metrics = serviceMetrics('checkout', { logger });
    let turnPassed = false;
    const app = createServiceApp(logger, {
      // Marks the start of the request's turn, then the front as every service has it.
      metrics: (req, res, next) => {
        turnPassed = false;
        setImmediate(() => (turnPassed = true));
        void metrics(req, res, next);
      },
    });
    app.use(healthRouter('checkout', {}));
    app.get('/api/catalogue/availability', (_req, res) => {
      res.json({ turnPassed });
    });
    const running = await startApp(app);
    try {
      expect(await (await fetch(`${running.url}/api/catalogue/availability`)).json()).toEqual({ turnPassed: false });
      // The health middleware still answers its own paths.
      expect((await fetch(`${running.url}/alive`)).status).toBe(200);
      expect((await fetch(`${running.url}/health`)).status).toBe(200);
    } finally {
      await running.close();
    }
  });
});
