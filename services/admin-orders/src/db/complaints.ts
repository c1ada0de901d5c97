import { ConflictError, NotFoundError } from '@pickles/service-kit';
import { sql, writeOutboxEvent, type ComplaintRow, type Database, type Db, type Kysely, type Transaction } from '@pickles/db';
import { COMPLAINT_UPDATED, COMPLAINT_UPDATED_VERSION, type AdminComplaint, type AdminComplaintsResponse, type ComplaintUpdatedV1 } from '@pickles/shared';
import { COMPLAINT_MESSAGES, complaintLateness, type ComplaintCategory, type ComplaintListState } from '@pickles/shared/complaints';

type Handle = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;

/** Most complaints one list answers; the counts still cover them all. */
export const COMPLAINT_LIST_LIMIT = 500;

/** A complaint row with the id of its order if that order is still in `orders` (not archived). */
type ListedRow = ComplaintRow & { linked_order_id: string | null };

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** The one mapping of a complaint row to what the admin sees; `late` is judged at `asOf`. */
export function toAdminComplaint(row: ListedRow, asOf: Date): AdminComplaint {
  return {
    id: row.id,
    ticketNumber: row.ticket_number,
    receivedAt: iso(row.created_at),
    name: row.name,
    email: row.email,
    phone: row.phone,
    orderNumber: row.order_number,
    orderId: row.linked_order_id,
    category: row.category as ComplaintCategory,
    message: row.message,
    state: row.resolved_at === null ? 'open' : 'resolved',
    acknowledgeBy: iso(row.acknowledge_by),
    acknowledgedAt: isoOrNull(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
    resolveBy: iso(row.resolve_by),
    resolvedAt: isoOrNull(row.resolved_at),
    resolvedBy: row.resolved_by,
    resolution: row.resolution,
    late: complaintLateness(
      { acknowledgeBy: new Date(row.acknowledge_by), resolveBy: new Date(row.resolve_by), acknowledgedAt: dateOrNull(row.acknowledged_at), resolvedAt: dateOrNull(row.resolved_at) },
      asOf,
    ),
  };
}

/** An open complaint that missed a deadline at `asOf`: complaintLateness in SQL, for filters and counts. */
const lateAt = (asOf: Date) => sql<boolean>`(c.resolved_at is null and (coalesce(c.acknowledged_at, ${asOf}) > c.acknowledge_by or ${asOf}::timestamptz > c.resolve_by))`;

function listed(db: Handle) {
  return db
    .selectFrom('complaints as c')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .selectAll('c')
    .select('o.id as linked_order_id');
}

/**
 * The complaints under one tab: open ones (and late ones) by the nearest resolve deadline first,
 * resolved ones newest first; `all` lists the open ones before the resolved. Counts cover everything.
 */
export async function listComplaints(db: Db, state: ComplaintListState, asOf: Date): Promise<Pick<AdminComplaintsResponse, 'complaints' | 'counts'>> {
  let query = listed(db);
  if (state === 'open') query = query.where('c.resolved_at', 'is', null);
  if (state === 'late') query = query.where(lateAt(asOf));
  if (state === 'resolved') query = query.where('c.resolved_at', 'is not', null);
  const rows = await query
    .orderBy(sql`c.resolved_at is not null`)
    .orderBy(sql`case when c.resolved_at is null then c.resolve_by end`)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.ticket_number', 'desc')
    .limit(COMPLAINT_LIST_LIMIT)
    .execute();
  const { rows: counted } = await sql<{ open: string; late: string; resolved: string }>`
    select count(*) filter (where c.resolved_at is null) as open,
      count(*) filter (where ${lateAt(asOf)}) as late,
      count(*) filter (where c.resolved_at is not null) as resolved
    from complaints c`.execute(db);
  const counts = counted[0]!;
  return {
    complaints: rows.map((row) => toAdminComplaint(row, asOf)),
    counts: { open: Number(counts.open), late: Number(counts.late), resolved: Number(counts.resolved) },
  };
}

/** The complaint as it stands in this transaction, judged at the transaction's time. */
async function currentComplaint(trx: Trx, id: string): Promise<AdminComplaint> {
  const row = await listed(trx).select(sql<Date>`now()`.as('as_of')).where('c.id', '=', id).executeTakeFirstOrThrow();
  return toAdminComplaint(row, new Date(row.as_of));
}

async function writeComplaintUpdate(trx: Trx, update: ComplaintUpdatedV1): Promise<void> {
  await writeOutboxEvent(trx, COMPLAINT_UPDATED, COMPLAINT_UPDATED_VERSION, update);
}

/**
 * The owner has seen the complaint. The first acknowledgement is recorded (time, who) with its
 * `complaint.updated` {acknowledged} event, which tells the shopper; acknowledging again changes
 * nothing and e-mails nobody. A resolved complaint was acknowledged when it was resolved.
 */
export async function acknowledgeComplaint(trx: Trx, id: string, by: string): Promise<AdminComplaint> {
  const updated = await trx
    .updateTable('complaints')
    .set({ acknowledged_at: sql`now()`, acknowledged_by: by })
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (updated) {
    await writeComplaintUpdate(trx, { complaintId: id, kind: 'acknowledged' });
  } else if (!(await trx.selectFrom('complaints').select('id').where('id', '=', id).executeTakeFirst())) {
    throw new NotFoundError(COMPLAINT_MESSAGES.notFound);
  }
  return currentComplaint(trx, id);
}

/**
 * Closes the complaint with what was done, acknowledging it too if nobody had; its `complaint.updated`
 * {resolved} event e-mails the shopper the resolution. A resolution is final: resolving again is a 409.
 */
export async function resolveComplaint(trx: Trx, id: string, resolution: string, by: string): Promise<AdminComplaint> {
  const current = await trx.selectFrom('complaints').select(['id', 'resolved_at']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!current) throw new NotFoundError(COMPLAINT_MESSAGES.notFound);
  if (current.resolved_at !== null) throw new ConflictError(COMPLAINT_MESSAGES.alreadyResolved);
  await trx
    .updateTable('complaints')
    .set({
      resolved_at: sql`now()`,
      resolved_by: by,
      resolution,
      acknowledged_at: sql`coalesce(acknowledged_at, now())`,
      acknowledged_by: sql`coalesce(acknowledged_by, ${by})`,
    })
    .where('id', '=', id)
    .execute();
  await writeComplaintUpdate(trx, { complaintId: id, kind: 'resolved' });
  return currentComplaint(trx, id);
}
