import { Link, useSearchParams } from 'react-router-dom';
import { COMPLAINT_LIST_STATES, type ComplaintListState } from '@pickles/shared/complaints';
import { AdminLoadFailure, AdminPage } from '../../../components/ui/admin-page.js';
import { paths } from '../../../config/paths.js';
import { useComplaints } from '../hooks/use-complaints.js';
import { ComplaintCard } from './complaint-card.js';
import '../admin-complaints.css';

/** `?state=late`: the tab is in the address, so an alert can link straight to it. */
export const STATE_PARAM = 'state';

const TAB_LABELS: Record<ComplaintListState, string> = { open: 'Open', late: 'Late', resolved: 'Resolved', all: 'All' };

const EMPTY: Record<ComplaintListState, string> = {
  open: 'No open complaints.',
  late: 'No complaint has missed a deadline.',
  resolved: 'No resolved complaints yet.',
  all: 'No complaints yet.',
};

function isListState(value: string | null): value is ComplaintListState {
  return (COMPLAINT_LIST_STATES as readonly (string | null)[]).includes(value);
}

/**
 * /admin/complaints: every complaint with its ticket, the rules' two deadlines (acknowledge
 * in 48 hours, resolve in a month) and the late ones marked, under Open / Late / Resolved / All.
 */
export function AdminComplaints() {
  const [params] = useSearchParams();
  const requested = params.get(STATE_PARAM);
  const state: ComplaintListState = isListState(requested) ? requested : 'open';
  const { answer, failure, isLoading, reload, replace } = useComplaints(state);
  const counts = answer?.counts;
  const countOf = (tab: ComplaintListState) => {
    if (!counts) return undefined;
    return tab === 'all' ? counts.open + counts.resolved : counts[tab];
  };

  return (
    <AdminPage
      title="Complaints"
      intro="Acknowledge each complaint within 48 hours and resolve it within a month of receipt (Consumer Protection (E-Commerce) Rules 2020). Late ones are marked in red."
    >
      <nav className="complaint-tabs" aria-label="Complaints by state">
        {COMPLAINT_LIST_STATES.map((tab) => {
          const count = countOf(tab);
          return (
            <Link
              key={tab}
              to={`${paths.adminComplaints}?${new URLSearchParams({ [STATE_PARAM]: tab }).toString()}`}
              className={`complaint-tab${tab === 'late' && count ? ' has-late' : ''}`}
              aria-current={tab === state ? 'page' : undefined}
              replace
            >
              {TAB_LABELS[tab]} <span className="complaint-tab__count">{count ?? '…'}</span>
            </Link>
          );
        })}
      </nav>

      {isLoading && !answer ? (
        <p role="status">Loading complaints...</p>
      ) : failure ? (
        <AdminLoadFailure message={failure} onRetry={reload} />
      ) : answer ? (
        <section aria-label={`${TAB_LABELS[state]} complaints`} aria-busy={isLoading || undefined} className="complaints-list">
          {isLoading ? (
            <p role="status" className="op-muted">
              Loading complaints...
            </p>
          ) : answer.complaints.length === 0 ? (
            <p className="complaints-empty">{EMPTY[state]}</p>
          ) : (
            answer.complaints.map((complaint) => <ComplaintCard key={complaint.id} complaint={complaint} onChanged={replace} />)
          )}
        </section>
      ) : null}
    </AdminPage>
  );
}
