import { useState } from 'react';
import type { SubmitComplaintResponse } from '@pickles/shared/api';
import { ACKNOWLEDGE_WITHIN_HOURS } from '@pickles/shared/complaints';
import { ComplaintForm } from './complaint-form.js';
import { ComplaintSent } from './complaint-sent.js';
import { GrievanceOfficer } from './escalation.js';
import '../complaints.css';

/** What the rules promise, beside the form. */
function HowWeHandle() {
  return (
    <section className="card complaint-promise" aria-labelledby="complaint-promise-title">
      <h2 id="complaint-promise-title">What happens next</h2>
      <ol>
        <li>You get a ticket number on screen and by e-mail.</li>
        <li>We acknowledge your complaint within {ACKNOWLEDGE_WITHIN_HOURS} hours.</li>
        <li>We resolve it within one month and e-mail you what we did.</li>
      </ol>
    </section>
  );
}

/**
 * /complaint: the form, then its ticket; beside them what happens next and the
 * grievance officer to escalate to.
 */
export function RaiseComplaint({ initialOrderNumber }: { initialOrderNumber?: string }) {
  const [sent, setSent] = useState<{ response: SubmitComplaintResponse; email: string } | undefined>();
  return (
    <div className="form-page__columns">
      {sent ? <ComplaintSent sent={sent.response} email={sent.email} /> : <ComplaintForm initialOrderNumber={initialOrderNumber} onSent={(response, email) => setSent({ response, email })} />}
      <div className="complaint-aside">
        {sent ? null : <HowWeHandle />}
        <GrievanceOfficer />
      </div>
    </div>
  );
}
