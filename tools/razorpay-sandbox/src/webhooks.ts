import http from 'node:http';
import https from 'node:https';
import { signWebhook } from '@pickles/razorpay-client';
import { orderSends as orderWebhookSends, timedTry } from '@pickles/sandbox-kit';
import type { Logger } from '@pickles/service-kit';
import { newId, nowSeconds } from './ids.js';
import type { Knobs } from './knobs.js';
import type { WebhookDeliveryRecord, WebhookEventName, WebhookEventRecord } from './types.js';

export interface WebhookItem {
  event: WebhookEventName;
  contains: string[];
  payload: Record<string, { entity: unknown }>;
}

export interface WebhookDeps {
  knobs: () => Knobs;
  defaultUrl: string | undefined;
  secret: string;
  accountId: string;
  later: (ms: number, fn: () => void) => void;
  logger: Logger;
}

/**
 * Delivers one webhook over Node's http with kept-alive connections (fetch, which the sandbox used
 * first, cost about as much CPU as the shop's handling of the event: a launch sends three a payment).
 * Resolves with the status code once the answer has been read; rejects with 'no answer within' after
 * `timeoutMs`, or with the connection's error.
 */
const agents = { 'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }), 'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }) };
function postWebhook(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? https : http;
    const request = transport.request(
      target,
      { method: 'POST', agent: agents[target.protocol as 'http:' | 'https:'], headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Razorpay's webhook delivery (protocol §6): one signed body per event, sent at least once, retried
 * with exponential backoff on a non-2xx answer or none within webhookTimeoutMs, same event id on
 * every try. Every attempt is recorded.
 */
export class WebhookDispatcher {
  readonly events: WebhookEventRecord[] = [];
  readonly deliveries: WebhookDeliveryRecord[] = [];
  private withheld: WebhookEventRecord[] = [];
  private stopped = false;
  /** Sends scheduled or running (first tries, duplicates and retries alike). */
  private busy = 0;

  constructor(private readonly deps: WebhookDeps) {}

  /** Records the events of one happening (bodies are snapshots taken now) and schedules them. */
  emit(items: WebhookItem[]): WebhookEventRecord[] {
    const createdAt = nowSeconds();
    const records = items.map((item): WebhookEventRecord => {
      const body = JSON.stringify({
        entity: 'event',
        account_id: this.deps.accountId,
        event: item.event,
        contains: item.contains,
        payload: item.payload,
        created_at: createdAt,
      });
      return { id: newId('evt'), event: item.event, created_at: createdAt, body, status: 'pending', deliveries: 0 };
    });
    this.events.push(...records);
    const knobs = this.deps.knobs();
    const sent = records.filter((record) => !(knobs.dropRefundWebhooks && record.event.startsWith('refund.')));
    for (const record of records) if (!sent.includes(record)) record.status = 'dropped';
    if (knobs.withholdWebhooks) {
      for (const record of sent) record.status = 'withheld';
      this.withheld.push(...sent);
    } else if (sent.length > 0) {
      this.track(knobs.webhookDelayMs, () => this.sendGroup(sent));
    }
    return records;
  }

  /** Nothing is being sent or waiting to be sent or retried (withheld events do not count). */
  get idle(): boolean {
    return this.busy === 0;
  }

  /** Runs `send` after `ms`, counted as busy from now until it has finished. */
  private track(ms: number, send: () => Promise<void>): void {
    this.busy++;
    this.deps.later(ms, () => void send().finally(() => (this.busy = Math.max(0, this.busy - 1))));
  }

  /** Sends every withheld event now, as one group (reorder, duplicate and concurrency knobs apply as at release time). */
  release(): number {
    const records = this.withheld.splice(0);
    for (const record of records) record.status = 'pending';
    this.track(0, () => this.sendGroup(records));
    return records.length;
  }

  /** Sends an event again with the same id and body, like a replay from Razorpay support. */
  redeliver(eventId: string): boolean {
    const record = this.events.find((e) => e.id === eventId);
    if (!record) return false;
    const url = this.url();
    if (url) this.track(0, () => this.attempt(record, url, 1, false));
    return true;
  }

  stop(): void {
    this.stopped = true;
  }

  reset(): void {
    this.events.length = 0;
    this.deliveries.length = 0;
    this.withheld = [];
    // reset() cancels the timers of scheduled sends.
    this.busy = 0;
  }

  private url(): string | undefined {
    return this.deps.knobs().webhookUrl ?? this.deps.defaultUrl;
  }

  private async sendGroup(records: WebhookEventRecord[]): Promise<void> {
    if (this.stopped || records.length === 0) return;
    const url = this.url();
    if (!url) {
      for (const record of records) record.status = 'not_configured';
      return;
    }
    const knobs = this.deps.knobs();
    const sends = orderSends(records, knobs);
    // webhookConcurrency senders take the next send as each finishes: with one, the order on the
    // wire is the order chosen here; with more, they overlap.
    let next = 0;
    const sender = async () => {
      while (next < sends.length) {
        const send = sends[next++]!;
        await this.attempt(send.record, url, 1, send.duplicate);
      }
    };
    await Promise.all(Array.from({ length: Math.min(knobs.webhookConcurrency, sends.length) }, sender));
  }

  private async attempt(record: WebhookEventRecord, url: string, attempt: number, duplicate: boolean): Promise<void> {
    if (this.stopped) return;
    const knobs = this.deps.knobs();
    if (record.status !== 'delivered') record.status = 'sending';
    record.deliveries += 1;
    const tried = await timedTry(
      () =>
        postWebhook(
          url,
          {
            'Content-Type': 'application/json',
            'X-Razorpay-Signature': signWebhook(record.body, this.deps.secret),
            'X-Razorpay-Event-Id': record.id,
            'Request-Id': record.id,
            'User-Agent': 'Razorpay-Webhook/v1',
          },
          record.body,
          knobs.webhookTimeoutMs,
        ),
      (caught) => (caught instanceof Error ? caught.message : String(caught)),
    );
    const ok = tried.statusCode !== null && tried.statusCode >= 200 && tried.statusCode < 300;
    this.deliveries.push({ eventId: record.id, event: record.event, attempt, duplicate, url, ...tried, ok });
    this.deps.logger.info({ eventId: record.id, event: record.event, attempt, statusCode: tried.statusCode, error: tried.error }, 'webhook delivery');
    if (ok) {
      record.status = 'delivered';
      return;
    }
    if (attempt < knobs.webhookMaxAttempts) {
      if (record.status !== 'delivered') record.status = 'pending';
      this.track(knobs.webhookRetryBaseMs * 2 ** (attempt - 1), () => this.attempt(record, url, attempt + 1, duplicate));
    } else if (record.status !== 'delivered') {
      record.status = 'failed';
    }
  }
}

/**
 * The first tries of a group of events, in the order they start: as they happened, reversed
 * (reorderWebhooks true) or shuffled ('shuffle', the duplicateWebhooks copies with them). Without
 * shuffling, each copy follows its original.
 */
export function orderSends(
  records: WebhookEventRecord[],
  knobs: Pick<Knobs, 'reorderWebhooks' | 'duplicateWebhooks'>,
  random: () => number = Math.random,
): { record: WebhookEventRecord; duplicate: boolean }[] {
  return orderWebhookSends(records, { reverse: knobs.reorderWebhooks === true, shuffle: knobs.reorderWebhooks === 'shuffle', duplicate: knobs.duplicateWebhooks }, random);
}
