import { z } from 'zod';
import { parseEventData } from './payment-verified.js';

/**
 * `complaint.updated`: a complaint arrived (checkout), or the owner acknowledged or resolved it
 * (admin-orders). Written to the outbox in the transaction that makes the change; the notifications
 * worker sends, once per (kind, complaint):
 * - received: the ticket e-mail to the shopper and an alert to the owner;
 * - acknowledged: "we are looking into it" to the shopper;
 * - resolved: the owner's resolution to the shopper.
 */
export const COMPLAINT_UPDATED = 'complaint.updated' as const;
export const COMPLAINT_UPDATED_VERSION = 1;

export const COMPLAINT_UPDATE_KINDS = ['received', 'acknowledged', 'resolved'] as const;
export type ComplaintUpdateKind = (typeof COMPLAINT_UPDATE_KINDS)[number];

export const complaintUpdatedV1Schema = z.object({
  /** complaints.id; the e-mail reads the complaint from the database. */
  complaintId: z.uuid(),
  kind: z.enum(COMPLAINT_UPDATE_KINDS),
});
export type ComplaintUpdatedV1 = z.infer<typeof complaintUpdatedV1Schema>;

export function parseComplaintUpdated(envelope: { type: string; version: number; data: unknown }): ComplaintUpdatedV1 {
  return parseEventData(COMPLAINT_UPDATED, COMPLAINT_UPDATED_VERSION, complaintUpdatedV1Schema, envelope);
}
