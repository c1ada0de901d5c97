import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { DeliveryProblem, WaitingCourierBooking } from '@pickles/shared';
import { AdminLoadFailure, AdminPage } from '../../../components/ui/admin-page.js';
import { paths } from '../../../config/paths.js';
import { failureText } from '../../../lib/api-failure.js';
import { formatIndiaDateTime } from '@pickles/shared/india-time';
import { answerDeliveryProblem, getDeliveryProblems } from '../api.js';
import '../delivery-problems.css';
import { Term } from '../../../components/ui/term.js';

/** Hours and minutes left before the courier's deadline, or that it has passed. */
export function timeLeft(actBy: string, now: number): string {
  const ms = new Date(actBy).getTime() - now;
  if (ms <= 0) return 'Overdue: the courier may return the parcel';
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  return `${hours} h ${minutes} min left to act`;
}

const KIND_TEXT: Record<DeliveryProblem['kind'], string> = {
  undelivered: 'Delivery failed',
  returning: 'Returning to us',
  returned: 'Returned to us',
};

/**
 * /admin/delivery-problems: failed deliveries waiting for the owner's answer within 24 hours
 * (re-attempt, with a corrected phone, a note for the delivery agent or a day; or return), and
 * parcels coming back on orders still paid, for the refund decision on the order page.
 */
export function DeliveryProblems() {
  const [problems, setProblems] = useState<DeliveryProblem[] | undefined>();
  const [waiting, setWaiting] = useState<WaitingCourierBooking[]>([]);
  const [failure, setFailure] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ kind: 'done' | 'failed'; text: string } | undefined>();
  const load = useCallback((signal?: AbortSignal) => {
    getDeliveryProblems(signal).then(
      (answer) => {
        if (!signal?.aborted) {
          setProblems(answer.problems);
          setWaiting(answer.waitingBookings);
          setFailure(undefined);
        }
      },
      (cause: unknown) => {
        if (!signal?.aborted) setFailure(failureText(cause, 'The delivery problems could not be loaded'));
      },
    );
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return (
    <AdminPage
      title="Delivery problems"
      intro="Parcels the courier could not deliver. Answer each within 24 hours of the failed attempt: ask for another attempt (with a corrected phone, a note for the delivery agent or a day), or have it returned. Returned parcels of pickles are not resold: refund the order from its page as the refund policy says."
    >
      {notice ? (
        <p className={notice.kind === 'done' ? 'op-notice' : 'op-notice op-notice--failed'} role={notice.kind === 'done' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      {waiting.length ? <WaitingBookings bookings={waiting} /> : null}
      {failure && !problems ? (
        <AdminLoadFailure message={failure} onRetry={() => load()} />
      ) : !problems ? (
        <p role="status">Loading delivery problems...</p>
      ) : problems.length === 0 ? (
        <p className="op-muted">{waiting.length ? 'No failed deliveries or returns.' : 'No delivery problems: every parcel is on its way or delivered.'}</p>
      ) : (
        <ul className="dp-list">
          {problems.map((problem) => (
            <ProblemCard
              key={problem.orderId}
              problem={problem}
              onAnswered={(text) => {
                setNotice({ kind: 'done', text });
                load();
              }}
              onFailed={(text) => setNotice({ kind: 'failed', text })}
            />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

/**
 * Bookings the courier has not taken for half an hour: the courier's API is down or refusing. The
 * shop keeps trying each (never booking it twice) and the owner was e-mailed; she may wait, or
 * record the dispatch by hand on the order's page with another courier.
 */
function WaitingBookings({ bookings }: { bookings: WaitingCourierBooking[] }) {
  return (
    <section className="op-card dp-waiting" aria-labelledby="dp-waiting-title" role="alert">
      <h2 id="dp-waiting-title">
        {bookings.length === 1 ? '1 booking is' : `${bookings.length} bookings are`} waiting for the courier
      </h2>
      <p className="op-muted">The courier has not taken these for half an hour or more. The shop keeps trying each one and never books a parcel twice; to ship today with another courier, record the dispatch by hand on the order&apos;s page.</p>
      <ul className="dp-waiting__list">
        {bookings.map((booking) => (
          <li key={booking.orderId}>
            <Link to={paths.adminOrder(booking.orderId)}>Order {booking.orderNumber}</Link> · {booking.customerName}, {booking.city} · asked {formatIndiaDateTime(booking.requestedAt)}, {booking.attempts}{' '}
            {booking.attempts === 1 ? 'try' : 'tries'}
            {booking.lastError ? <span className="dp-reason"> · {booking.lastError}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProblemCard({ problem, onAnswered, onFailed }: { problem: DeliveryProblem; onAnswered: (text: string) => void; onFailed: (text: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [phone, setPhone] = useState('');
  const [addressNote, setAddressNote] = useState('');
  const [date, setDate] = useState('');
  const answer = async (action: 're-attempt' | 'return') => {
    setBusy(true);
    try {
      await answerDeliveryProblem(problem.orderId, action === 'return' ? { action } : { action, phone, addressNote, date });
      onAnswered(action === 'return' ? `Order ${problem.orderNumber}: the courier returns the parcel to us.` : `Order ${problem.orderNumber}: the courier will try again.`);
    } catch (cause) {
      onFailed(failureText(cause, 'The courier could not be told'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void answer('re-attempt');
  };
  return (
    <li className="op-card dp-card" aria-label={`Order ${problem.orderNumber}`}>
      <div className="dp-card__head">
        <h2>
          <Link to={paths.adminOrder(problem.orderId)}>Order {problem.orderNumber}</Link>
        </h2>
        <span className={`dp-kind dp-kind--${problem.kind}`}>{KIND_TEXT[problem.kind]}</span>
      </div>
      <dl className="op-facts">
        <dt>Shopper</dt>
        <dd>
          {problem.customerName}, {problem.customerPhone} · {problem.city} {problem.pincode}
        </dd>
        <dt>AWB</dt>
        <dd>
          <code>{problem.awb}</code> {problem.courierName ? <span className="op-muted">({problem.courierName})</span> : null}
        </dd>
        {problem.reason ? (
          <>
            <dt>Reason</dt>
            <dd className="dp-reason">{problem.reason}</dd>
          </>
        ) : null}
        <dt>Attempts</dt>
        <dd>{problem.attempts}</dd>
        {problem.failedAt ? <Term label="Failed">{formatIndiaDateTime(problem.failedAt)}</Term> : null}
        {problem.actBy ? (
          <>
            <dt>Act by</dt>
            <dd>
              <strong>{formatIndiaDateTime(problem.actBy)}</strong> <span className="dp-left">{timeLeft(problem.actBy, Date.now())}</span>
            </dd>
          </>
        ) : null}
      </dl>
      {problem.kind === 'undelivered' ? (
        <form className="dp-form" onSubmit={submit}>
          <label className="op-field">
            <span>Corrected phone (optional)</span>
            <input inputMode="numeric" autoComplete="off" maxLength={10} value={phone} onChange={(event) => setPhone(event.target.value)} />
          </label>
          <label className="op-field">
            <span>Note for the delivery agent (optional)</span>
            <input maxLength={200} value={addressNote} onChange={(event) => setAddressNote(event.target.value)} />
          </label>
          <label className="op-field">
            <span>Deliver on (optional)</span>
            <input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
          </label>
          <div className="dp-actions">
            <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
              Re-attempt delivery
            </button>
            <button type="button" className="btn btn-small" disabled={busy} onClick={() => void answer('return')}>
              Return to us
            </button>
          </div>
        </form>
      ) : (
        <p className="op-muted">
          {problem.kind === 'returned' ? 'The parcel is back with us.' : 'The parcel is on its way back to us.'} Decide the refund on <Link to={paths.adminOrder(problem.orderId)}>the order&apos;s page</Link>.
        </p>
      )}
    </li>
  );
}
