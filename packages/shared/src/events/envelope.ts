/**
 * Every event on the bus travels in this envelope. `id` is the de-duplication key end to end: it is
 * the outbox row's id and the BullMQ job id. Data carries ids and amounts only; consumers read
 * personal details from the database so they never sit in Redis. Each event's data is checked by
 * its own contract's parser (payment-verified.ts, payment-needs-attention.ts).
 */
export type EventEnvelope<TType extends string = string, TData = unknown> = {
  id: string;
  type: TType;
  version: number;
  occurredAt: string;
  data: TData;
};
