import { z } from 'zod';

/** Variables every server process reads. Local defaults let `npm start` run with no .env. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'expected a postgres:// connection URL' })
    .default('postgres://postgres@127.0.0.1:5432/royal_pickles'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'expected a redis:// URL' })
    .default('redis://127.0.0.1:6379'),
  /**
   * Where the process listens. Internal services default to this machine only (the gateway is the
   * one public entry); containers set 0.0.0.0 so their network reaches them.
   */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Key prefix for every queue; tests use a fresh one per run. */
  REDIS_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]+$/, { error: 'expected letters, digits, : _ or -' }).default('pickles'),
});

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** Parses `source` with `schema`; throws EnvError with one line per bad variable. */
export function parseEnv<T extends z.ZodType>(schema: T, source: Record<string, string | undefined> = process.env): z.infer<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const given = source[name] === undefined ? 'missing' : 'got an invalid value';
    const expected = issue.code === 'invalid_type' ? 'a value is required' : issue.message;
    return `Invalid environment variable ${name} (${given}): ${expected}`;
  });
  throw new EnvError(problems);
}

/** For process entry points: parse or print the problems (never the values) and exit 1. */
export function loadEnv<T extends z.ZodType>(schema: T, source: Record<string, string | undefined> = process.env): z.infer<T> {
  try {
    return parseEnv(schema, source);
  } catch (error) {
    if (error instanceof EnvError) {
      for (const line of error.problems) process.stderr.write(`${line}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** A TCP port, given as a string in the environment. */
export const portSchema = (fallback: number) =>
  z.coerce.number({ error: 'expected a port number' }).int().min(0, { error: 'expected a port number 0-65535' }).max(65535, { error: 'expected a port number 0-65535' }).default(fallback);

export const urlSchema = (fallback?: string) => {
  const url = z.url({ error: 'expected an absolute http(s) URL' });
  return fallback === undefined ? url : url.default(fallback);
};
