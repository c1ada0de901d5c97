import { useEffect, useRef } from 'react';
import type { SubmitComplaintResponse } from '@pickles/shared/api';
import { formatIndiaDay, formatIndiaTime } from '@pickles/shared/india-time';
import { CopyButton } from '../../../components/ui/copy-button.js';

/** The day, then the time kept on one line: a phone breaks after the comma, not before "IST". */
function IndiaDateTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso}>
      {formatIndiaDay(iso)}, <span className="complaint-sent__time">{formatIndiaTime(iso)}</span>
    </time>
  );
}

/**
 * The answer to a recorded complaint: the ticket number to quote, when it arrived and the two
 * deadlines the rules set (48 hours to acknowledge, a month to resolve), in India time. The heading
 * takes the focus so a screen reader reads that it went through.
 */
export function ComplaintSent({ sent, email }: { sent: SubmitComplaintResponse; email: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card complaint-sent" aria-labelledby="complaint-sent-title" data-testid="complaint-sent">
      <h2 id="complaint-sent-title" ref={heading} tabIndex={-1}>
        Complaint received
      </h2>
      <p className="complaint-sent__label">Your ticket number</p>
      <p className="complaint-sent__ticket">
        <strong data-testid="complaint-ticket">
          {sent.ticketNumber}
        </strong>
        <CopyButton value={sent.ticketNumber} label="ticket number" />
      </p>
      <p className="complaint-sent__note">Quote it whenever you write or call about this complaint.</p>
      <dl className="complaint-sent__dates">
        <div>
          <dt>Received</dt>
          <dd>
            <IndiaDateTime iso={sent.receivedAt} />
          </dd>
        </div>
        <div>
          <dt>We will acknowledge by</dt>
          <dd>
            <IndiaDateTime iso={sent.acknowledgeBy} />
          </dd>
        </div>
        <div>
          <dt>and resolve by</dt>
          <dd>
            <IndiaDateTime iso={sent.resolveBy} />
          </dd>
        </div>
      </dl>
      <p className="complaint-sent__email">
        We have e-mailed this ticket to <strong>{email}</strong>.
      </p>
    </section>
  );
}
