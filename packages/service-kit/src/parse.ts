import type { z } from 'zod';
import { fieldErrors } from '@pickles/shared';
import { InvalidError } from './errors.js';

/**
 * Parses a request part with its shared schema; a failure is a 400 naming every bad field, before
 * anything changes. `message` replaces the first field's message as the error text.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown, message?: string): z.infer<T> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new InvalidError(message ?? Object.values(fields)[0] ?? 'Invalid request', fields);
  }
  return result.data;
}
