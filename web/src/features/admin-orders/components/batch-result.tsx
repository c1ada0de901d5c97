import type { AdminSettableStatus, BatchUpdateResponse } from '@pickles/shared';
import { MESSAGES, groupRefusals, unlistedRefusals } from '../messages.js';

/**
 * What the last batch did, under the batch bar until dismissed: the spec's success sentence, the
 * orders that already had the status, and each order the lifecycle refused, grouped by the reason.
 */
export function BatchResult({ result, status, onDismiss }: { result: BatchUpdateResponse; status: AdminSettableStatus; onDismiss: () => void }) {
  const groups = groupRefusals(result.refused);
  const unlisted = unlistedRefusals(result);
  return (
    <section className="batch-result" aria-label="Batch update result" data-refused={result.refusedCount || undefined}>
      <div className="batch-result__head">
        <p className="batch-result__summary" role="status">
          {MESSAGES.batchDone(result.updatedCount, status)}.
          {result.unchangedCount ? ` ${result.unchangedCount} already ${status}.` : null}
          {result.refusedCount ? ` ${result.refusedCount} not changed${groups.length ? ':' : '.'}` : null}
        </p>
        <button type="button" className="link-btn" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      {groups.length ? (
        <ul className="batch-result__refused">
          {groups.map((group) => (
            <li key={group.reason}>
              <span className="batch-result__reason">{group.reason}</span>{' '}
              <span className="batch-result__ids">{group.orderIds.join(', ')}</span>
            </li>
          ))}
          {unlisted ? <li>and {unlisted} more not listed</li> : null}
        </ul>
      ) : null}
    </section>
  );
}
