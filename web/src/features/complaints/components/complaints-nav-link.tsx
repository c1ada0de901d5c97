import { useEffect } from 'react';
import { NavLink } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { readAdminToken } from '../../../lib/admin-session/token-store.js';
import { publishComplaintCounts, useComplaintCounts } from '../counts-store.js';

/** The session the counts were asked for: once per login, and never without one. */
let askedWith: string | undefined;

/**
 * Asks the server for the counts; the list code loads only on the owner's pages. A 401 ends the
 * session (lib/admin-session) and its call never settles, so the next login asks afresh.
 */
function fetchCountsOnce(): void {
  const token = readAdminToken();
  if (!token || token === askedWith) return;
  askedWith = token;
  // The late tab: the smallest list that still carries every count.
  void import('../api/admin-complaints.js')
    .then(({ getComplaints }) => getComplaints('late'))
    .then((answer) => publishComplaintCounts(answer.counts))
    // The link works without its count; the complaints page says what went wrong.
    .catch(() => {
      askedWith = undefined;
    });
}

/**
 * The admin header's way to the complaints, with how many are open and, in red and in words, how
 * many of those are late: the owner sees a missed deadline from any admin page.
 */
export function ComplaintsNavLink() {
  const counts = useComplaintCounts();
  useEffect(() => {
    if (!counts) fetchCountsOnce();
  }, [counts]);
  return (
    <NavLink to={paths.adminComplaints} className="admin-header__link">
      Complaints
      {counts && counts.open > 0 ? (
        <span className="admin-header__count" data-testid="complaints-open-count">
          {counts.open}
          <span className="visually-hidden"> open</span>
        </span>
      ) : null}
      {counts && counts.late > 0 ? (
        <span className="admin-header__count admin-header__count--late" data-testid="complaints-late-count">
          {counts.late} late
        </span>
      ) : null}
    </NavLink>
  );
}
