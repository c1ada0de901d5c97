/** What the panel says after an action: the spec's words (docs/product.md §8), on the page rather than in an alert(). */
export interface Notice {
  tone: 'done' | 'failed';
  text: string;
}

/**
 * Fixed at the foot of the window, so it moves nothing on the page however late the answer comes;
 * announced (a failure as an alert) and kept until dismissed or replaced by the next one.
 */
export function PanelNotice({ notice, onDismiss }: { notice: Notice | undefined; onDismiss: () => void }) {
  if (!notice) return null;
  return (
    <div className={`panel-notice panel-notice--${notice.tone}`} role={notice.tone === 'failed' ? 'alert' : 'status'} data-testid="panel-notice">
      <p className="panel-notice__text">{notice.text}</p>
      <button type="button" className="link-btn" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
