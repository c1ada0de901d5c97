import { runWithEnv } from '@pickles/test-kit';
import { describe, expect, it } from 'vitest';

/** The process: never in production, and a clear line per bad variable. */
function start(env: Record<string, string>) {
  return runWithEnv('tools/courier-sandbox/src/index.ts', env, 30_000);
}

describe('courier sandbox process', () => {
  it('refuses to run with NODE_ENV=production', () => {
    expect(start({ NODE_ENV: 'production' })).toEqual({ code: 1, lines: ['The courier sandbox is a development and test tool: it does not run with NODE_ENV=production'] });
  });

  it('refuses a webhook URL Shiprocket would refuse and a short password, one line each, never the value', () => {
    const { code, lines } = start({ NODE_ENV: 'development', COURIER_SANDBOX_WEBHOOK_URL: 'http://127.0.0.1:3000/shiprocket-hook', COURIER_SANDBOX_PASSWORD: 'short' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'Invalid environment variable COURIER_SANDBOX_PASSWORD (got an invalid value): expected at least 8 characters',
      'Invalid environment variable COURIER_SANDBOX_WEBHOOK_URL (got an invalid value): Shiprocket does not accept a URL containing "shiprocket", "kartrocket", "sr" or "kr"',
    ]);
  });
});
