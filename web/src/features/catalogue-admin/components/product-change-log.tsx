import type { AdminProductChange } from '@pickles/shared/api';
import { formatIndiaDateTime } from '@pickles/shared/india-time';
import { readableChanges } from '../product-changes.js';

/** Who changed the product when, and only what each save changed: before → after. Newest first. */
export function ProductChangeLog({ changes }: { changes: readonly AdminProductChange[] }) {
  const entries = readableChanges(changes);
  return (
    <ol className="cat-log" data-testid="change-log">
      {entries.map((entry) => (
        <li key={entry.version} className="cat-log__entry" data-testid={`change-${entry.version}`}>
          <p className="cat-log__when">
            <time dateTime={entry.changedAt}>{formatIndiaDateTime(entry.changedAt)}</time> by <strong>{entry.changedBy}</strong>
          </p>
          {entry.isAddition ? (
            <p className="cat-log__what">Added the product.</p>
          ) : entry.fields.length ? (
            <dl className="cat-log__fields">
              {entry.fields.map((change) => (
                <div key={change.field} className="cat-log__field">
                  <dt>{change.label}</dt>
                  <dd>
                    <span className="cat-log__before">{change.before}</span>
                    <span className="cat-log__arrow" aria-label="changed to">
                      {' → '}
                    </span>
                    <span className="cat-log__after">{change.after}</span>
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="cat-log__what">Saved with no change.</p>
          )}
        </li>
      ))}
    </ol>
  );
}
