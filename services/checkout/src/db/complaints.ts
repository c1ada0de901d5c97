import { sql, writeOutboxEvent, type Db } from '@pickles/db';
import { COMPLAINT_UPDATED, COMPLAINT_UPDATED_VERSION, type ComplaintUpdatedV1 } from '@pickles/shared';
import { complaintDeadlines, formatTicketNumber, type ParsedComplaint } from '@pickles/shared/complaints';

export interface RecordedComplaint {
  id: string;
  ticketNumber: string;
  receivedAt: Date;
  acknowledgeBy: Date;
  resolveBy: Date;
  /** The order its number named, when the complaint's e-mail or phone is that order's. */
  orderId: string | null;
  /** The e-mail address is that order's own. */
  emailProven: boolean;
}

/**
 * Records a complaint in one transaction: the next ticket number and the database's clock (one
 * statement, so the ticket's date and the deadlines come from the same instant), the order its number
 * names if the complaint's e-mail or phone is that order's (as the tracking form asks: anyone can
 * type an order number, and the owner's replies about it must not reach a stranger), the row, and
 * the `complaint.updated` {received} event that e-mails the shopper their ticket and alerts the owner.
 * A rolled-back attempt leaves a gap in the sequence, never a duplicate.
 */
export async function recordComplaint(db: Db, complaint: ParsedComplaint): Promise<RecordedComplaint> {
  return db.transaction().execute(async (trx) => {
    const email = complaint.email.toLowerCase();
    const { rows } = await sql<{ sequence: string; received_at: Date; order_id: string | null; email_proven: boolean }>`
      select nextval('complaint_ticket_seq') as sequence, now() as received_at, matched.id as order_id,
        coalesce(lower(matched.customer_email) = ${email}, false) as email_proven
      from (select) as one left join lateral (
        select id, customer_email from orders
        where order_number = ${complaint.orderNumber ?? null} and personal_data_erased_at is null
          and (lower(customer_email) = ${email} or customer_phone = ${complaint.phone ?? null})
      ) as matched on true`.execute(trx);
    const { sequence, received_at: receivedAt, order_id: orderId, email_proven: emailProven } = rows[0]!;
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
        email_proven: emailProven,
        category: complaint.category,
        message: complaint.message,
        created_at: receivedAt,
        acknowledge_by: acknowledgeBy,
        resolve_by: resolveBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeOutboxEvent(trx, COMPLAINT_UPDATED, COMPLAINT_UPDATED_VERSION, { complaintId: id, kind: 'received' } satisfies ComplaintUpdatedV1);
    return { id, ticketNumber, receivedAt, acknowledgeBy, resolveBy, orderId, emailProven };
  });
}
