import type { Response } from 'express';

/** An answer in Shiprocket's error shape: `{message, status_code}`, and a per-field `errors` map for a 422. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
  }
}

export const apiError = (status: number, message: string) => new ApiError(status, { message, status_code: status });

/** 422 with Shiprocket's generic message and what is wrong with each field. */
export const invalidData = (errors: Record<string, string[]>) => new ApiError(422, { message: 'Oops! Invalid Data.', errors, status_code: 422 });

export function sendApiError(res: Response, error: ApiError): void {
  res.status(error.status).json(error.body);
}
