import { sql, writeOutboxEvent, type Db } from '@pickles/db';
import { COMPLAINT_UPDATE, COMPLAINT_UPDATE_VERSION, type ComplaintUpdateV1 } from '@pickles/shared';
import { complaintDeadlines, formatTicketNumber, type ParsedComplaint } from '@pickles/shared/complaints';

export interface RecordedComplaint {
  id: string;
  ticketNumber: string;
  receivedAt: Date;
  acknowledgeBy: Date;
  resolveBy: Date;
  /** The order its number matched, if any. */
  orderId: string | null;
}

/**
 * Records a complaint in one transaction: the next ticket number and the database's clock (one
 * statement, so the ticket's date and the deadlines come from the same instant), the order its number
 * matches if any, the row, and the `complaint.update` {received} event that e-mails the shopper their
 * ticket and alerts the owner. A rolled-back attempt leaves a gap in the sequence, never a duplicate.
 */
export async function recordComplaint(db: Db, complaint: ParsedComplaint): Promise<RecordedComplaint> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ sequence: string; received_at: Date; order_id: string | null }>`
      select nextval('complaint_ticket_seq') as sequence, now() as received_at,
        (select id from orders where order_number = ${complaint.orderNumber ?? null}) as order_id`.execute(trx);
    const { sequence, received_at: receivedAt, order_id: orderId } = rows[0]!;
    const ticketNumber = formatTicketNumber(Number(sequence), receivedAt);
    const { acknowledgeBy, resolveBy } = complaintDeadlines(receivedAt);
    const { id } = await trx
      .insertInto('complaints')
      .values({
        ticket_number: ticketNumber,
        name: complaint.name,
        email: complaint.email,
        phone: complaint.phone ?? null,
        order_number: complaint.orderNumber ?? null,
        order_id: orderId,
        category: complaint.category,
        message: complaint.message,
        created_at: receivedAt,
        acknowledge_by: acknowledgeBy,
        resolve_by: resolveBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeOutboxEvent(trx, COMPLAINT_UPDATE, COMPLAINT_UPDATE_VERSION, { complaintId: id, kind: 'received' } satisfies ComplaintUpdateV1);
    return { id, ticketNumber, receivedAt, acknowledgeBy, resolveBy, orderId };
  });
}
