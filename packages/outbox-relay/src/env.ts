import { z } from 'zod';

/** The relay's setting, in the env schema of every service that runs it. */
export const outboxRelayEnvSchema = z.object({
  /** How often the outbox relay polls: a safety net, as it publishes on every commit of an event (LISTEN/NOTIFY). */
  OUTBOX_POLL_MS: z.coerce.number({ error: 'expected milliseconds' }).int().positive().default(1_000),
});
