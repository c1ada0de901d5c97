import { describe, expect, it } from 'vitest';
import { HttpError, InvalidError, UpstreamError } from './errors.js';

describe('errors thrown on purpose', () => {
  it("a caller's mistake (4xx) carries no stack: it is answered, never logged with one", () => {
    const error = new InvalidError('Payment verification failed', { razorpay_order_id: 'Required' });
    expect(error).toMatchObject({ status: 400, message: 'Payment verification failed', fields: { razorpay_order_id: 'Required' } });
    expect(error.stack).toBe('Error: Payment verification failed');
    expect(new HttpError(404, 'Not found').stack).not.toMatch(/\n\s+at /);
  });

  it('a failure on our side (5xx) keeps its stack for the log, and the stack limit is left as it was', () => {
    const limit = Error.stackTraceLimit;
    expect(new UpstreamError('Razorpay did not answer').stack).toMatch(/\n\s+at /);
    new InvalidError('x');
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('plain').stack).toMatch(/\n\s+at /);
  });
});
