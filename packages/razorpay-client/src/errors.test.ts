import { describe, expect, it } from 'vitest';
import { RazorpayError, toRazorpayError, transportError } from './errors.js';

const envelope = (statusCode: number | undefined, error: Record<string, unknown> | undefined) => ({ statusCode, error });

describe('toRazorpayError', () => {
  it('maps the SDK plain-object rejection by status and code, keeping code, field and reason', () => {
    const err = toRazorpayError(
      envelope(400, {
        code: 'BAD_REQUEST_ERROR',
        description: 'The amount must be at least INR 1.00',
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        field: 'amount',
      }),
    );
    expect(err).toBeInstanceOf(RazorpayError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ kind: 'invalid_request', statusCode: 400, code: 'BAD_REQUEST_ERROR', field: 'amount', reason: 'input_validation_failed', retryable: false });
    expect(err.message).toBe('The amount must be at least INR 1.00');
  });

  it('401 is authentication, whatever the description says', () => {
    const err = toRazorpayError(envelope(401, { code: 'BAD_REQUEST_ERROR', description: 'anything' }));
    expect(err).toMatchObject({ kind: 'authentication', statusCode: 401, retryable: false });
  });

  it('a 400 without field on a fetch by id is not_found; the same on other calls is invalid_request', () => {
    const body = { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist', reason: 'input_validation_failed', field: null };
    expect(toRazorpayError(envelope(400, body), 'fetch-by-id').kind).toBe('not_found');
    expect(toRazorpayError(envelope(400, { ...body, field: undefined }), 'fetch-by-id').kind).toBe('not_found');
    expect(toRazorpayError(envelope(400, body), 'other').kind).toBe('invalid_request');
    expect(toRazorpayError(envelope(400, { ...body, field: 'amount' }), 'fetch-by-id').kind).toBe('invalid_request');
  });

  it('does not read the description: a different text gives the same kind', () => {
    const a = toRazorpayError(envelope(400, { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' }));
    expect(a.kind).toBe('invalid_request');
  });

  it('5xx and SERVER_ERROR are server and retryable, also with a non-JSON body', () => {
    expect(toRazorpayError(envelope(500, { code: 'SERVER_ERROR', description: 'x' }))).toMatchObject({ kind: 'server', retryable: true, code: 'SERVER_ERROR' });
    expect(toRazorpayError(envelope(502, undefined))).toMatchObject({ kind: 'server', retryable: true, statusCode: 502 });
    expect(toRazorpayError(envelope(429, { code: 'BAD_REQUEST_ERROR' }))).toMatchObject({ kind: 'server', retryable: true });
  });

  it('409 is conflict (refund with the same idempotency key in flight)', () => {
    expect(toRazorpayError(envelope(409, undefined))).toMatchObject({ kind: 'conflict', retryable: true });
  });

  it('404 is not_found', () => {
    expect(toRazorpayError(envelope(404, undefined))).toMatchObject({ kind: 'not_found' });
  });

  it('the old transport shape {statusCode: undefined, error: undefined} is network', () => {
    expect(toRazorpayError(envelope(undefined, undefined))).toMatchObject({ kind: 'network', retryable: true });
  });

  it('a TypeError (SDK crashing on a missing response) is network', () => {
    const err = toRazorpayError(new TypeError("Cannot read properties of undefined (reading 'status')"));
    expect(err).toMatchObject({ kind: 'network', retryable: true });
  });

  it("a synchronous Error from the SDK's argument checks is invalid_request", () => {
    expect(toRazorpayError(new Error('`order_id` is mandatory'))).toMatchObject({ kind: 'invalid_request', retryable: false });
  });

  it('axios errors: timeout codes are timeout, connection errors network, responses by status', () => {
    expect(transportError(Object.assign(new Error('timeout of 10ms exceeded'), { code: 'ECONNABORTED' })).kind).toBe('timeout');
    expect(transportError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toMatchObject({ kind: 'network', reason: 'ECONNREFUSED' });
    const withResponse = { isAxiosError: true, response: { status: 400, data: { error: { code: 'BAD_REQUEST_ERROR', field: 'amount' } } } };
    expect(toRazorpayError(withResponse)).toMatchObject({ kind: 'invalid_request', field: 'amount', statusCode: 400 });
    expect(toRazorpayError({ isAxiosError: true, code: 'ECONNABORTED', message: 't' }).kind).toBe('timeout');
  });

  it('anything else is unknown and not retryable; RazorpayError passes through', () => {
    expect(toRazorpayError('boom')).toMatchObject({ kind: 'unknown', retryable: false });
    const original = new RazorpayError('conflict', 'x');
    expect(toRazorpayError(original)).toBe(original);
  });
});
