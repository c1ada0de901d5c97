import { z } from 'zod';
import { parseEventData } from './payment-verified.js';

/**
 * "Tell me when the next batch is ready" (decision 029). Both are written to the outbox in the
 * transaction that makes the change; the notifications worker sends each e-mail once (decision 008).
 *
 * `batch-subscription.requested` (checkout): a shopper asked to be told; the one confirmation e-mail
 * (`attempt` counts the requests that were allowed to send one, after the cool-down: the send-once key).
 */
export const BATCH_SUBSCRIPTION_REQUESTED = 'batch-subscription.requested' as const;
export const BATCH_SUBSCRIPTION_REQUESTED_VERSION = 1;

export const batchSubscriptionRequestedV1Schema = z.object({
  /** batch_subscribers.id; the e-mail reads the address from the database. */
  subscriberId: z.uuid(),
  attempt: z.number().int().min(1),
});
export type BatchSubscriptionRequestedV1 = z.infer<typeof batchSubscriptionRequestedV1Schema>;

/**
 * `batch.opened` (admin-orders): the owner put a product on sale with a new batch, and the confirmed
 * subscribers of that moment were marked told with this event's id (`openingId`). Each gets one e-mail.
 * Written only when there is someone to tell.
 */
export const BATCH_OPENED = 'batch.opened' as const;
export const BATCH_OPENED_VERSION = 1;

export const batchOpenedV1Schema = z.object({
  openingId: z.uuid(),
  productId: z.number().int().positive(),
  /** The batch's jars as the owner set them; null when the batch has no limit. */
  batchJars: z.number().int().min(0).nullable(),
});
export type BatchOpenedV1 = z.infer<typeof batchOpenedV1Schema>;

export const parseBatchSubscriptionRequested = (envelope: { type: string; version: number; data: unknown }) =>
  parseEventData(BATCH_SUBSCRIPTION_REQUESTED, BATCH_SUBSCRIPTION_REQUESTED_VERSION, batchSubscriptionRequestedV1Schema, envelope);

export const parseBatchOpened = (envelope: { type: string; version: number; data: unknown }) => parseEventData(BATCH_OPENED, BATCH_OPENED_VERSION, batchOpenedV1Schema, envelope);
