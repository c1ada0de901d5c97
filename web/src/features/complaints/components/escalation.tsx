import { seller } from '../../../config/seller.js';
import { telHref } from '../format.js';

/**
 * Who answers for complaints (Consumer Protection (E-Commerce) Rules 2020: the grievance officer),
 * from the seller profile: the way to escalate when the ticket is not enough.
 */
export function GrievanceOfficer({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const officer = seller.grievanceOfficer;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="card complaint-officer" aria-labelledby="complaint-officer-title">
      <Heading id="complaint-officer-title">Grievance officer</Heading>
      <p>
        If a complaint is not answered in time, or you are not happy with the answer, write to or call our grievance officer, quoting your ticket number.
      </p>
      <p className="complaint-officer__name">
        <strong>{officer.name}</strong>, {officer.designation}
      </p>
      <ul className="complaint-officer__contact">
        <li>
          Phone: <a href={telHref(officer.phone)}>{officer.phone.replace(/ /g, '\u00a0')}</a>
        </li>
        <li>
          E-mail: <a href={`mailto:${officer.email}`}>{officer.email}</a>
        </li>
      </ul>
    </section>
  );
}
