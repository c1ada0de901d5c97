/**
 * Every event on the bus travels in this envelope. `id` is the de-duplication key end to end: it is
 * the outbox row's id and the BullMQ job id. Data carries ids and amounts only; consumers read
 * personal details from the database so they never sit in Redis. Each event's data is checked by
 * its own contract's parser (payment-verified.ts, payment-attention-raised.ts).
 */
export type EventEnvelope<TType extends string = string, TData = unknown> = {
  id: string;
  type: TType;
  version: number;
  occurredAt: string;
  data: TData;
};

/**
 * A new event in its envelope: the one place an envelope is made (the outbox writers, the batch
 * writers and the settle statement all call it). A fresh id each time; `occurredAt` now unless a
 * batch gives all its events the same moment.
 */
export function newEventEnvelope<TType extends string, TData>(type: TType, version: number, data: TData, occurredAt = new Date().toISOString()): EventEnvelope<TType, TData> {
  return { id: globalThis.crypto.randomUUID(), type, version, occurredAt, data };
}

/**
 * Events are named as past-tense facts (decision 039). The names they had before: an outbox row or a
 * queued job written before the rename still carries one, and is handled as the event it now is.
 * Migration 027 renamed the stored rows; this covers jobs already in Redis during the deploy.
 */
export const FORMER_EVENT_TYPES: Readonly<Record<string, string>> = {
  'payment.needs-attention': 'payment.attention-raised',
  'order.shopper-update': 'order.changed',
  'complaint.update': 'complaint.updated',
  'batch-subscription.confirm': 'batch-subscription.requested',
};

/** An event type as it is named today (a former name becomes its current one). */
export function currentEventType(type: string): string {
  return FORMER_EVENT_TYPES[type] ?? type;
}
