import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually } from '@pickles/test-kit';
import { parseEnv } from '../src/env.js';
import { shutdownEnvSchema } from '../src/shutdown.js';

const FIXTURE = fileURLToPath(new URL('./shutdown.fixture.ts', import.meta.url));
const DRAIN_MS = 1_000;
const SLOW_MS = 2_000;

interface Answer {
  status: number;
  connection?: string;
  body: string;
}

/** One GET on a connection of its own (keep-alive asked for, as the gateway's agents do). */
function get(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { connection: 'keep-alive' }, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
    });
    request.on('error', reject);
  });
}

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

/**
 * Starts the fixture on a free port; resolves with the port, every log line's message as it comes,
 * and `said(message)`, which resolves once the fixture has logged that message.
 */
async function startFixture(): Promise<{ port: number; messages: string[]; said: (message: string) => Promise<void>; exited: Promise<number | null> }> {
  const messages: string[] = [];
  const listeners: { message: string; resolve: () => void }[] = [];
  const said = (message: string) => (messages.includes(message) ? Promise.resolve() : new Promise<void>((resolve) => listeners.push({ message, resolve })));
  child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: { ...process.env, PORT: '0', SLOW_MS: String(SLOW_MS), SHUTDOWN_DRAIN_MS: String(DRAIN_MS), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child!.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const entry = JSON.parse(line) as { msg: string; port?: number };
        messages.push(entry.msg);
        for (const listener of listeners) if (listener.message === entry.msg) listener.resolve();
        if (entry.msg === 'draining listening') resolve(entry.port!);
      }
    });
    void exited.then(() => reject(new Error('the fixture exited before listening')));
  });
  return { port, messages, said, exited };
}

describe('graceful shutdown', () => {
  it('on SIGTERM fails readiness at once, keeps serving with Connection: close for the drain, then refuses new connections, finishes the request in flight, closes its workers and exits 0', async () => {
    const { port, messages, said, exited } = await startFixture();
    expect((await get(port, '/health')).status).toBe(200);
    const started = Date.now();
    const slow = get(port, '/slow');
    // The slow request is in the server before the signal.
    await said('slow request arrived');
    child!.kill('SIGTERM');
    await said('shutting down');

    const readiness = await get(port, '/health');
    expect(readiness.status).toBe(503);
    const duringDrain = await get(port, '/fast');
    expect(duringDrain).toMatchObject({ status: 200, connection: 'close' });

    // After the drain the listener is closed, while the slow request is still being answered:
    // new connections are served until then (each told to close), refused from then on.
    const refused = await eventually(async () => {
      const answer = await get(port, '/fast').catch((error: unknown) => ({ error }));
      // A connection made in the very moment the listener closes may be reset: poll on until refused.
      if ('error' in answer) return (answer.error as { code?: string }).code === 'ECONNRESET' ? undefined : answer.error;
      expect(answer).toMatchObject({ status: 200, connection: 'close' });
      return undefined;
    }, SLOW_MS, 20);
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(DRAIN_MS);
    expect(Date.now() - started).toBeLessThan(SLOW_MS);

    expect(await slow).toMatchObject({ status: 200, body: '{"finished":true}' });
    expect(await exited).toBe(0);
    // The workers closed only after the last request was answered.
    expect(messages.slice(-3)).toEqual(['shutting down', 'worker closed', 'stopped']);
  });

  it('SHUTDOWN_DRAIN_MS defaults to 2 s and refuses a value that is not milliseconds', () => {
    expect(parseEnv(shutdownEnvSchema, {}).SHUTDOWN_DRAIN_MS).toBe(2_000);
    expect(parseEnv(shutdownEnvSchema, { SHUTDOWN_DRAIN_MS: '0' }).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(() => parseEnv(shutdownEnvSchema, { SHUTDOWN_DRAIN_MS: 'soon' })).toThrow('Invalid environment variable SHUTDOWN_DRAIN_MS');
  });
});
