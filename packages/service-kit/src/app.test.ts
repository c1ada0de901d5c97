import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startApp } from '@pickles/test-kit';
import { createServiceApp } from './app.js';

describe('request logs', () => {
  it('keep the request id, method, path and status, never the query string (admin searches carry e-mails)', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = createServiceApp(pino({ level: 'info' }, sink));
    app.get('/api/admin/orders', (_req, res) => {
      res.json({ success: true });
    });
    const running = await startApp(app);
    try {
      const response = await fetch(`${running.url}/api/admin/orders?search=meera.iyer%40example.in&city=9876543210`, { headers: { 'x-request-id': 'req-123' } });
      expect(response.status).toBe(200);
    } finally {
      await running.close();
    }
    const entry = lines.map((line) => JSON.parse(line) as { req?: { url: string; id: string }; res?: { statusCode: number } }).find((line) => line.req);
    expect(entry?.req).toEqual({ id: 'req-123', method: 'GET', url: '/api/admin/orders' });
    expect(entry?.res?.statusCode).toBe(200);
    expect(lines.join('\n')).not.toMatch(/meera|9876543210/);
  });
});
