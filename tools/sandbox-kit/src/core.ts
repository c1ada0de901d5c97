import type { Logger } from '@pickles/service-kit';

/** The fields a sandbox's webhook delivery record has at either sandbox. */
export interface DeliveryAttempt {
  /** 1 for the first try; counts up on retries of one delivery chain. */
  attempt: number;
  /** True for the extra copy sent by the duplicateWebhooks knob. */
  duplicate: boolean;
  url: string;
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  ok: boolean;
}

/**
 * One try of a webhook delivery, timed: when it started, the HTTP status `send` got (null when it
 * threw), the error as `describe` tells it, and how long it took.
 */
export async function timedTry(send: () => Promise<number>, describe: (caught: unknown) => string): Promise<Pick<DeliveryAttempt, 'at' | 'statusCode' | 'error' | 'durationMs'>> {
  const started = Date.now();
  let statusCode: number | null = null;
  let error: string | null = null;
  try {
    statusCode = await send();
  } catch (caught) {
    error = describe(caught);
  }
  return { at: new Date(started).toISOString(), statusCode, error, durationMs: Date.now() - started };
}

/** A sandbox's knob rules: the schema of an update, the start-up defaults, how many requests the log keeps. */
export interface KnobRules<K> {
  knobsUpdateSchema: { parse(update: unknown): Partial<K> };
  defaults: K;
  maxRequestLog: number;
}

/**
 * The part of a sandbox's in-memory state that is not about its outside service: timers that
 * reset() and close() cancel, knobs that reset() returns to their start-up values, and a capped log
 * of the API requests. A subclass lists its own records, which reset() clears.
 */
export abstract class SandboxCore<C, K extends object, R> {
  readonly requests: R[] = [];
  knobs: K;
  abstract readonly webhooks: { reset(): void; stop(): void };
  private readonly initialKnobs: K;
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    readonly config: C,
    knobs: Partial<K>,
    readonly logger: Logger,
    private readonly rules: KnobRules<K>,
  ) {
    this.initialKnobs = { ...rules.defaults, ...rules.knobsUpdateSchema.parse(knobs) };
    this.knobs = { ...this.initialKnobs };
  }

  /** The sandbox's own records, cleared in this order by reset() (which does the timers, requests, webhooks and knobs). */
  protected abstract readonly records: readonly { clear(): void }[];

  /** A timer that close() and reset() cancel. */
  later(ms: number, fn: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  setKnobs(update: unknown): K {
    this.knobs = { ...this.knobs, ...this.rules.knobsUpdateSchema.parse(update) };
    return this.knobs;
  }

  /** Forgets every record and webhook; knobs go back to their start-up values. */
  reset(): void {
    this.cancelTimers();
    for (const record of this.records) record.clear();
    this.requests.length = 0;
    this.webhooks.reset();
    this.knobs = { ...this.initialKnobs };
  }

  close(): void {
    this.closed = true;
    this.cancelTimers();
    this.webhooks.stop();
  }

  logRequest(record: R): void {
    this.requests.push(record);
    const { maxRequestLog } = this.rules;
    if (this.requests.length > maxRequestLog) this.requests.splice(0, this.requests.length - maxRequestLog);
  }

  private cancelTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/**
 * The first tries of a released group of webhooks, in the order they start: as they happened,
 * reversed, or shuffled (the duplicateWebhooks copies with them). Without shuffling, each copy
 * follows its original.
 */
export function orderSends<T>(records: T[], order: { reverse: boolean; shuffle: boolean; duplicate: boolean }, random: () => number = Math.random): { record: T; duplicate: boolean }[] {
  const ordered = order.reverse ? [...records].reverse() : records;
  const sends = ordered.flatMap((record) => (order.duplicate ? [false, true] : [false]).map((duplicate) => ({ record, duplicate })));
  if (order.shuffle) {
    // Fisher-Yates: every order equally likely.
    for (let i = sends.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [sends[i], sends[j]] = [sends[j]!, sends[i]!];
    }
  }
  return sends;
}
