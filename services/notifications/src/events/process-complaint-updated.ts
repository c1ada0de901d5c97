import { UnrecoverableError } from 'bullmq';
import { parseComplaintUpdated, type ComplaintUpdateKind, type EventEnvelope } from '@pickles/shared';
import { sellerProfileFromEnv } from '@pickles/shared/seller-profile';
import { loadComplaintForEmail, type EmailComplaint } from '../db/complaints.js';
import { sendOnce, type EmailKind } from '../db/sent-emails.js';
import {
  renderComplaintAcknowledged,
  renderComplaintReceived,
  renderComplaintResolved,
  renderOwnerComplaintAlert,
  type GrievanceOfficer,
} from '../emails/complaints.js';
import type { RenderedEmail } from '../emails/shopper.js';
import { parseOrFail } from './parse-event.js';
import { shopContact, type NotificationDeps } from './process-payment-verified.js';

type Outcome = 'sent' | 'already-sent';

/** The seller profile's grievance officer (GRIEVANCE_OFFICER_*), the demo one unless the deps name theirs. */
function grievanceOfficer(deps: NotificationDeps): GrievanceOfficer {
  return deps.grievanceOfficer ?? sellerProfileFromEnv({}).grievanceOfficer;
}

const SHOPPER_EMAIL: Record<ComplaintUpdateKind, { kind: EmailKind; render: (complaint: EmailComplaint, officer: GrievanceOfficer) => RenderedEmail }> = {
  received: { kind: 'complaint-received', render: renderComplaintReceived },
  acknowledged: { kind: 'complaint-acknowledged', render: renderComplaintAcknowledged },
  resolved: { kind: 'complaint-resolved', render: renderComplaintResolved },
};

/** One e-mail about the complaint, at most once per (kind, complaint) however often the event comes. */
function sendAboutComplaint(deps: NotificationDeps, envelope: EventEnvelope, complaint: EmailComplaint, kind: EmailKind, to: string, email: RenderedEmail): Promise<Outcome> {
  return sendOnce(
    deps.db,
    { dedupeKey: complaint.id, kind, recipient: to, eventId: envelope.id },
    () => deps.mailer.send({ to, ...email, messageId: `<${complaint.id}.${kind}@${deps.mailDomain}>` }),
    deps.sendLeaseMs,
  );
}

/**
 * complaint.updated -> the shopper's e-mail of that step (received: their ticket; acknowledged; resolved:
 * the resolution), and for a new complaint the owner's alert. The complaint is read as it stands now;
 * one whose shopper asked to be forgotten sends nothing.
 */
export async function processComplaintUpdated(
  envelope: EventEnvelope,
  deps: NotificationDeps,
): Promise<{ shopper: Outcome | 'erased'; owner?: Outcome }> {
  const update = parseOrFail(parseComplaintUpdated, envelope);
  const complaint = await loadComplaintForEmail(deps.db, update.complaintId);
  if (!complaint) throw new UnrecoverableError(`complaint ${update.complaintId} not found`);
  if (complaint.personalDataErased) {
    deps.logger.info({ eventId: envelope.id, complaintId: complaint.id, kind: update.kind }, 'complaint.updated: personal data erased, nothing sent');
    return { shopper: 'erased' };
  }
  const shopperEmail = SHOPPER_EMAIL[update.kind];
  const shopper = await sendAboutComplaint(deps, envelope, complaint, shopperEmail.kind, complaint.email, shopperEmail.render(complaint, grievanceOfficer(deps)));
  const owner =
    update.kind === 'received'
      ? await sendAboutComplaint(deps, envelope, complaint, 'complaint-owner-alert', deps.ownerEmail, renderOwnerComplaintAlert(complaint, shopContact(deps).shopUrl))
      : undefined;
  deps.logger.info({ eventId: envelope.id, complaintId: complaint.id, ticketNumber: complaint.ticketNumber, kind: update.kind, shopper, owner }, 'complaint.updated handled');
  return owner ? { shopper, owner } : { shopper };
}
