import { runWithEnv } from '@pickles/test-kit';
import { describe, expect, it } from 'vitest';

/**
 * A process started with a bad variable stops before it does anything, non-zero, with one line naming
 * it. The limit only catches a process that never stops: importing the notifications service takes 3-4 s
 * of a slow 2-core machine, and 14-21 s when another file's whole shop runs beside it.
 */
function start(entry: string, env: Record<string, string>) {
  return runWithEnv(entry, env, 60_000);
}

describe('configuration errors', { timeout: 90_000 }, () => {
  it('checkout refuses a DATABASE_URL that is not PostgreSQL', () => {
    const { code, lines } = start('services/checkout/src/index.ts', {
      DATABASE_URL: 'mysql://root@localhost/shop',
      RAZORPAY_KEY_ID: 'rzp_test_Abc123',
      RAZORPAY_KEY_SECRET: 'secret-secret',
      RAZORPAY_WEBHOOK_SECRET: 'secret-secret',
    });
    expect(code).toBe(1);
    expect(lines).toEqual(['Invalid environment variable DATABASE_URL (got an invalid value): expected a postgres:// connection URL']);
  });

  it('payments names a missing Razorpay key and a bad port, one line each', () => {
    const { code, lines } = start('services/payments/src/index.ts', { PORT: 'eighty', RAZORPAY_KEY_SECRET: 'secret-secret', RAZORPAY_WEBHOOK_SECRET: 'secret-secret' });
    expect(code).toBe(1);
    expect(lines).toContain('Invalid environment variable RAZORPAY_KEY_ID (missing): a value is required');
    expect(lines.some((line) => line.startsWith('Invalid environment variable PORT'))).toBe(true);
    expect(lines).toHaveLength(2);
  });

  it('the gateway refuses a malformed upstream URL', () => {
    const { code, lines } = start('gateway/src/index.ts', { CHECKOUT_URL: 'not a url' });
    expect(code).toBe(1);
    expect(lines).toEqual(['Invalid environment variable CHECKOUT_URL (got an invalid value): expected an absolute http(s) URL']);
  });

  it('notifications refuses an SMTP URL of another scheme', () => {
    const { code, lines } = start('services/notifications/src/index.ts', { SMTP_URL: 'http://mail' });
    expect(code).toBe(1);
    expect(lines).toEqual(['Invalid environment variable SMTP_URL (got an invalid value): expected an smtp:// or smtps:// URL']);
  });
});
