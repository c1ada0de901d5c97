import type { Db } from '@pickles/db';
import { complaintLateness } from '@pickles/shared/complaints';

export interface EmailComplaint {
  id: string;
  ticketNumber: string;
  name: string;
  email: string;
  phone: string | null;
  orderNumber: string | null;
  category: string;
  message: string;
  receivedAt: Date;
  acknowledgeBy: Date;
  resolveBy: Date;
  resolution: string | null;
  /** The shopper asked to be forgotten: no address is left to write to. */
  personalDataErased: boolean;
  /** The e-mail address is the order's own (the complaint named it with that order's e-mail): only then are their words sent back. */
  emailProven: boolean;
  /** The complaint is linked to the order it names (by that order's e-mail or phone). */
  orderLinked: boolean;
}

/** The complaint as the database holds it now: the event carries only its id (personal data stays out of Redis). */
export async function loadComplaintForEmail(db: Db, complaintId: string): Promise<EmailComplaint | undefined> {
  const row = await db.selectFrom('complaints').selectAll().where('id', '=', complaintId).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    ticketNumber: row.ticket_number,
    name: row.name,
    email: row.email,
    phone: row.phone,
    orderNumber: row.order_number,
    category: row.category,
    message: row.message,
    receivedAt: new Date(row.created_at),
    acknowledgeBy: new Date(row.acknowledge_by),
    resolveBy: new Date(row.resolve_by),
    resolution: row.resolution,
    personalDataErased: row.personal_data_erased_at !== null,
    emailProven: row.email_proven,
    orderLinked: row.order_id !== null,
  };
}

/** Complaints not yet resolved, and how many of them missed a deadline at `asOf` (the shared rule, as the admin's list judges it). */
export async function countOpenComplaints(db: Db, asOf: Date): Promise<{ open: number; late: number }> {
  const open = await db.selectFrom('complaints').select(['acknowledge_by', 'resolve_by', 'acknowledged_at']).where('resolved_at', 'is', null).execute();
  const late = open.filter((row) => {
    const lateness = complaintLateness(
      { acknowledgeBy: new Date(row.acknowledge_by), resolveBy: new Date(row.resolve_by), acknowledgedAt: row.acknowledged_at === null ? null : new Date(row.acknowledged_at), resolvedAt: null },
      asOf,
    );
    return lateness.acknowledgement || lateness.resolution;
  });
  return { open: open.length, late: late.length };
}
