import { randomBytes } from 'node:crypto';
import { orderSends as orderWebhookSends, timedTry, type DeliveryAttempt } from '@pickles/sandbox-kit';
import type { Logger } from '@pickles/service-kit';
import type { Knobs } from './knobs.js';

export interface WebhookRecord {
  id: string;
  awb: string;
  /** The shipment status the webhook reports ("OUT FOR DELIVERY"). */
  status: string;
  createdAt: string;
  /** The exact bytes sent, every time. */
  body: string;
  state: 'scheduled' | 'withheld' | 'dropped' | 'sending' | 'delivered' | 'failed' | 'not_configured';
  deliveries: number;
}

export interface DeliveryRecord extends DeliveryAttempt {
  webhookId: string;
  awb: string;
  status: string;
}

export interface WebhookDeps {
  knobs: () => Knobs;
  /** True when this webhook is to be lost (the loss knobs); counts dropNextWebhooks down. */
  takeLoss: () => boolean;
  defaultUrl: string | undefined;
  /** Sent as x-api-key; unset = no header (the token is optional at Shiprocket). */
  token: string | undefined;
  later: (ms: number, fn: () => void) => void;
  logger: Logger;
}

type Send = { record: WebhookRecord; duplicate: boolean };

/**
 * The order in which a released group of webhooks goes out: as they happened (each duplicate right
 * after its original), reversed, or shuffled with the duplicates.
 */
export function orderSends(records: WebhookRecord[], knobs: Pick<Knobs, 'reorderWebhooks' | 'duplicateWebhooks'>, random: () => number = Math.random): Send[] {
  return orderWebhookSends(records, { reverse: knobs.reorderWebhooks === 'reverse', shuffle: knobs.reorderWebhooks === 'shuffle', duplicate: knobs.duplicateWebhooks }, random);
}

/**
 * Shiprocket's tracking webhooks as its documentation describes them: a JSON POST per status change
 * with the seller's token as `x-api-key`, only an HTTP 200 counting as received; at least once, and
 * (with the knobs) late, duplicated, out of order or lost. Every attempt is recorded.
 */
export class WebhookDispatcher {
  readonly records: WebhookRecord[] = [];
  readonly deliveries: DeliveryRecord[] = [];
  private withheld: WebhookRecord[] = [];
  private busy = 0;
  private stopped = false;

  constructor(private readonly deps: WebhookDeps) {}

  /** Records one webhook (its body fixed now) and sends it as the knobs say. */
  emit(awb: string, status: string, payload: Record<string, unknown>): WebhookRecord {
    const record: WebhookRecord = {
      id: `wh_${randomBytes(8).toString('hex')}`,
      awb,
      status,
      createdAt: new Date().toISOString(),
      body: JSON.stringify(payload),
      state: 'scheduled',
      deliveries: 0,
    };
    this.records.push(record);
    const knobs = this.deps.knobs();
    if (this.deps.takeLoss()) {
      record.state = 'dropped';
      this.deps.logger.info({ webhookId: record.id, awb, status }, 'webhook lost on purpose');
      return record;
    }
    if (knobs.withholdWebhooks) {
      record.state = 'withheld';
      this.withheld.push(record);
      return record;
    }
    for (const duplicate of knobs.duplicateWebhooks ? [false, true] : [false]) {
      const delay = knobs.webhookDelayMs + Math.floor(Math.random() * (knobs.webhookJitterMs + 1));
      this.track(delay, () => this.attempt(record, 1, duplicate));
    }
    return record;
  }

  /** Sends every withheld webhook now, one after another, in the order reorderWebhooks chooses. */
  release(): number {
    const records = this.withheld.splice(0);
    for (const record of records) record.state = 'scheduled';
    const sends = orderSends(records, this.deps.knobs());
    this.track(0, async () => {
      for (const send of sends) await this.attempt(send.record, 1, send.duplicate);
    });
    return records.length;
  }

  /** Sends a webhook again, the same body (a lost one, late). */
  redeliver(id: string): boolean {
    const record = this.records.find((candidate) => candidate.id === id);
    if (!record) return false;
    this.track(0, () => this.attempt(record, 1, false));
    return true;
  }

  /** Nothing is being sent or waiting to be (withheld webhooks do not count). */
  get idle(): boolean {
    return this.busy === 0;
  }

  get withheldCount(): number {
    return this.withheld.length;
  }

  reset(): void {
    this.records.length = 0;
    this.deliveries.length = 0;
    this.withheld = [];
    // The owner's reset cancels the timers of scheduled sends.
    this.busy = 0;
  }

  stop(): void {
    this.stopped = true;
  }

  private track(ms: number, send: () => Promise<void>): void {
    this.busy++;
    this.deps.later(ms, () => void send().finally(() => (this.busy = Math.max(0, this.busy - 1))));
  }

  private async attempt(record: WebhookRecord, attempt: number, duplicate: boolean): Promise<void> {
    if (this.stopped) return;
    const knobs = this.deps.knobs();
    const url = knobs.webhookUrl ?? this.deps.defaultUrl;
    if (!url) {
      record.state = 'not_configured';
      return;
    }
    if (record.state !== 'delivered') record.state = 'sending';
    record.deliveries += 1;
    const tried = await timedTry(
      async () => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(this.deps.token ? { 'x-api-key': this.deps.token } : {}) },
          body: record.body,
          signal: AbortSignal.timeout(knobs.webhookTimeoutMs),
        });
        await response.arrayBuffer();
        return response.status;
      },
      (caught) => {
        const { code, message } = (caught as { cause?: { code?: unknown; message?: unknown } })?.cause ?? {};
        const cause = typeof code === 'string' ? code : message;
        return caught instanceof Error ? (caught.name === 'TimeoutError' ? `no answer within ${knobs.webhookTimeoutMs} ms` : `${caught.message}${typeof cause === 'string' ? ` (${cause})` : ''}`) : String(caught);
      },
    );
    // Shiprocket's documentation: it expects an HTTP 200, nothing else.
    const ok = tried.statusCode === 200;
    this.deliveries.push({ webhookId: record.id, awb: record.awb, status: record.status, attempt, duplicate, url, ...tried, ok });
    this.deps.logger.info({ webhookId: record.id, awb: record.awb, status: record.status, attempt, statusCode: tried.statusCode, error: tried.error }, 'webhook delivery');
    if (ok) {
      record.state = 'delivered';
      return;
    }
    if (attempt < knobs.webhookMaxAttempts) {
      if (record.state !== 'delivered') record.state = 'scheduled';
      this.track(knobs.webhookRetryBaseMs * 2 ** (attempt - 1), () => this.attempt(record, attempt + 1, duplicate));
    } else if (record.state !== 'delivered') {
      record.state = 'failed';
    }
  }
}
