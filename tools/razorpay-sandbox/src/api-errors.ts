import type { Response } from 'express';
import type { RazorpayErrorBody } from './types.js';

/** A Razorpay error answer; thrown by handlers, written by the /v1 error handler. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: RazorpayErrorBody,
  ) {
    super(body.description);
  }
}

/** Input errors: BAD_REQUEST_ERROR, source business, step payment_initiation (protocol §1). */
export function badRequest(
  description: string,
  { field, reason = 'input_validation_failed', step = 'payment_initiation' }: { field?: string | null; reason?: string; step?: string } = {},
): ApiError {
  return new ApiError(400, {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    step,
    reason,
    metadata: {},
    ...(field !== undefined ? { field } : {}),
  });
}

export const idDoesNotExist = () => badRequest('The id provided does not exist');
export const notAValidId = (id: string) => badRequest(`${id} is not a valid id`);

export const urlNotFound = () =>
  new ApiError(400, {
    code: 'BAD_REQUEST_ERROR',
    description: 'The requested URL was not found on the server.',
    source: 'NA',
    step: 'NA',
    reason: 'NA',
    metadata: {},
  });

export const serverError = () =>
  new ApiError(500, {
    code: 'SERVER_ERROR',
    description: 'The server encountered an error. The incident has been reported to admins.',
    source: 'internal',
    step: 'NA',
    reason: 'server_error',
    metadata: {},
  });

/** Exactly the body of §1 for bad credentials: no source, step or reason. */
export const AUTH_FAILED_BODY = { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } } as const;

export function sendApiError(res: Response, error: ApiError): void {
  res.status(error.status).json({ error: error.body });
}
