import type { z } from 'zod';
import { InvalidError } from '@pickles/service-kit';
import { fieldErrors } from '@pickles/shared';

/** Parses with a shared schema; a failure is a 400 naming the fields, before anything changes. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new InvalidError(Object.values(fields)[0] ?? 'Invalid request', fields);
  }
  return result.data;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
