import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { AdminComplaint } from '@pickles/shared/api';
import { MAX_RESOLUTION_LENGTH, complaintCategoryLabel, resolveComplaintSchema } from '@pickles/shared/complaints';
import { AdminField, FormButtons, FormFailure, SubmitButton } from '../../../components/ui/admin-form.js';
import { paths } from '../../../config/paths.js';
import { acknowledgeComplaint, resolveComplaint } from '../api/admin-complaints.js';
import { failureText } from '../../../lib/api-failure.js';
import { formatIndiaDateTime } from '@pickles/shared/india-time';
import { telHref } from '../format.js';

export const ACKNOWLEDGE_FAILED = 'The complaint could not be acknowledged';
export const RESOLVE_FAILED = 'The complaint could not be resolved';

/** "20 Nov 2026, 11:00 am IST": the panel's short date, with the zone the rules' deadlines are counted in. */
function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{`${formatIndiaDateTime(iso)} IST`}</time>;
}

interface DeadlineProps {
  label: string;
  due: string;
  doneAt: string | null;
  doneBy: string | null;
  doneWord: string;
  isLate: boolean;
  /** "Acknowledgement late" while it is not done; "Acknowledged late" once it was, after the deadline. */
  lateText: string;
  doneLateText: string;
}

/** One of the rules' two deadlines: when it falls, whether it was met, and "late" in words as well as red. */
function Deadline({ label, due, doneAt, doneBy, doneWord, isLate, lateText, doneLateText }: DeadlineProps) {
  return (
    <div className={`complaint-deadline${isLate ? ' is-late' : ''}${doneAt ? ' is-done' : ''}`}>
      <dt>{label}</dt>
      <dd>
        <When iso={due} />
        {isLate ? <strong className="complaint-deadline__late">{doneAt ? doneLateText : lateText}</strong> : null}
        {doneAt ? (
          <span className="complaint-deadline__done">
            {doneWord} <When iso={doneAt} />
            {doneBy ? ` by ${doneBy}` : ''}
          </span>
        ) : null}
      </dd>
    </div>
  );
}

/** The complaint's two deadlines, acknowledging then resolving, one per line as the rules list them. */
function deadlinesOf(complaint: AdminComplaint): DeadlineProps[] {
  const { late } = complaint;
  return [
    { label: 'Acknowledge by', due: complaint.acknowledgeBy, doneAt: complaint.acknowledgedAt, doneBy: complaint.acknowledgedBy, doneWord: 'Acknowledged', isLate: late.acknowledgement, lateText: 'Acknowledgement late', doneLateText: 'Acknowledged late' },
    { label: 'Resolve by', due: complaint.resolveBy, doneAt: complaint.resolvedAt, doneBy: complaint.resolvedBy, doneWord: 'Resolved', isLate: late.resolution, lateText: 'Resolution late', doneLateText: 'Resolved late' },
  ];
}

interface ResolveFormProps {
  complaint: AdminComplaint;
  onResolved: (complaint: AdminComplaint) => void;
  onCancel: () => void;
}

/** The resolution the shopper will receive by e-mail; checked with the server's schema before it is sent. */
function ResolveForm({ complaint, onResolved, onCancel }: ResolveFormProps) {
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);
  const sending = useRef(false);
  const field = useRef<HTMLTextAreaElement>(null);
  // Opened by the owner's click on Resolve: the next thing to do is to write.
  useEffect(() => field.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const checked = resolveComplaintSchema.safeParse({ resolution });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    setError(undefined);
    setFailure(undefined);
    sending.current = true;
    setIsSending(true);
    try {
      onResolved((await resolveComplaint(complaint.id, checked.data.resolution)).complaint);
    } catch (cause) {
      setFailure(failureText(cause, RESOLVE_FAILED));
    } finally {
      sending.current = false;
      setIsSending(false);
    }
  };

  const length = resolution.trim().length;
  return (
    <form className="op-form complaint-resolve" onSubmit={(event) => void submit(event)} noValidate aria-label={`Resolve ${complaint.ticketNumber}`}>
      <AdminField
        label={`Resolution (e-mailed to ${complaint.name})`}
        error={error}
        hint={
          <span className={`complaint-count${length > MAX_RESOLUTION_LENGTH ? ' is-over' : ''}`}>
            {length} of {MAX_RESOLUTION_LENGTH} characters
          </span>
        }
      >
        {(props) => (
          <textarea
            ref={field}
            {...props}
            rows={4}
            value={resolution}
            onChange={(event) => {
              setResolution(event.target.value);
              if (error) setError(undefined);
            }}
          />
        )}
      </AdminField>
      <FormButtons failure={failure} className="op-form__actions" isBusy={isSending} onCancel={onCancel}>
        <SubmitButton isSending={isSending} sendingLabel="Resolving...">
          Resolve and e-mail
        </SubmitButton>
      </FormButtons>
    </form>
  );
}

interface ComplaintCardProps {
  complaint: AdminComplaint;
  /** The complaint as the server answered an action with it. */
  onChanged: (complaint: AdminComplaint) => void;
}

/** One complaint: who, about what, the two deadlines and what the owner can do next. */
export function ComplaintCard({ complaint, onChanged }: ComplaintCardProps) {
  const headingId = useId();
  const [isResolving, setIsResolving] = useState(false);
  const [isAcknowledging, setIsAcknowledging] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const resolveButton = useRef<HTMLButtonElement>(null);
  // Cancel puts the focus back on the Resolve button it came from, not on the page.
  const isReturningFocus = useRef(false);
  useEffect(() => {
    if (isResolving || !isReturningFocus.current) return;
    isReturningFocus.current = false;
    resolveButton.current?.focus();
  }, [isResolving]);
  const isOpen = complaint.state === 'open';
  const isLate = isOpen && (complaint.late.acknowledgement || complaint.late.resolution);

  const acknowledge = async () => {
    setIsAcknowledging(true);
    setFailure(undefined);
    try {
      onChanged((await acknowledgeComplaint(complaint.id)).complaint);
    } catch (cause) {
      setFailure(failureText(cause, ACKNOWLEDGE_FAILED));
    } finally {
      setIsAcknowledging(false);
    }
  };

  return (
    <article className={`op-card complaint-card${isLate ? ' is-late' : ''}`} aria-labelledby={headingId} data-ticket={complaint.ticketNumber}>
      <header className="complaint-card__head">
        <h2 id={headingId} className="complaint-card__ticket">
          {complaint.ticketNumber}
        </h2>
        <span className="complaint-badge" data-state={complaint.state}>
          {isOpen ? 'Open' : 'Resolved'}
        </span>
        {isLate ? <span className="complaint-badge complaint-badge--late">Late</span> : null}
        <span className="complaint-card__category">{complaintCategoryLabel(complaint.category)}</span>
        <span className="complaint-card__received">
          Received <When iso={complaint.receivedAt} />
        </span>
      </header>

      <div className="complaint-card__body">
        <div className="complaint-card__main">
          <dl className="op-facts complaint-card__who">
            <dt>Name</dt>
            <dd>{complaint.name}</dd>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${complaint.email}`}>{complaint.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>{complaint.phone ? <a href={telHref(`+91${complaint.phone}`)}>{complaint.phone}</a> : '-'}</dd>
            <dt>Order</dt>
            <dd>
              {complaint.orderId ? (
                <Link to={paths.adminOrder(complaint.orderId)}>{complaint.orderNumber ?? 'Open the order'}</Link>
              ) : (
                (complaint.orderNumber ?? '-')
              )}
              {complaint.orderNumber && !complaint.orderId ? <span className="op-muted complaint-card__unmatched"> (no matching order)</span> : null}
            </dd>
          </dl>
          <blockquote className="complaint-card__message">{complaint.message}</blockquote>
        </div>

        <div className="complaint-card__side">
          <dl className="complaint-deadlines">
            {deadlinesOf(complaint).map((deadline) => (
              <Deadline key={deadline.label} {...deadline} />
            ))}
          </dl>

          {complaint.resolution ? (
            <div className="complaint-card__resolution">
              <h3>Resolution</h3>
              <p>{complaint.resolution}</p>
            </div>
          ) : null}

          <FormFailure message={failure} />

          {isOpen && isResolving ? (
            <ResolveForm
              complaint={complaint}
              onCancel={() => {
                isReturningFocus.current = true;
                setIsResolving(false);
              }}
              onResolved={(resolved) => {
                setIsResolving(false);
                onChanged(resolved);
              }}
            />
          ) : null}

          {isOpen && !isResolving ? (
            <div className="complaint-card__actions">
              {complaint.acknowledgedAt ? null : (
                <button type="button" className="btn" disabled={isAcknowledging} onClick={() => void acknowledge()}>
                  {isAcknowledging ? 'Acknowledging...' : 'Acknowledge'} <span className="visually-hidden">{complaint.ticketNumber}</span>
                </button>
              )}
              <button ref={resolveButton} type="button" className="btn btn-primary" disabled={isAcknowledging} onClick={() => setIsResolving(true)}>
                Resolve <span className="visually-hidden">{complaint.ticketNumber}</span>
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </article>
  );
}
