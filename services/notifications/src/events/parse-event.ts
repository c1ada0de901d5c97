import { UnrecoverableError } from 'bullmq';
import { UnsupportedEventError, type EventEnvelope } from '@pickles/shared';

/** Parses an event with its contract; one this worker cannot read fails at once, with no retries. */
export function parseOrFail<T>(parse: (envelope: EventEnvelope) => T, envelope: EventEnvelope): T {
  try {
    return parse(envelope);
  } catch (error) {
    if (error instanceof UnsupportedEventError) throw new UnrecoverableError(error.message);
    throw error;
  }
}
