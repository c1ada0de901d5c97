import { useId, useState } from 'react';
import type { PaymentAttentionItem } from '@pickles/shared/api';
import { formatRupees } from '@pickles/shared/money';
import { GroupedTerm } from '../../../components/ui/term.js';
import { formatDateTime } from '../format.js';

export const ATTENTION_UNKNOWN_ORDER = 'unknown order';
/** More than this many open items collapse behind "Show all", so the panel never buries the orders. */
export const ATTENTION_COLLAPSED_COUNT = 3;

interface AttentionPanelProps {
  items: PaymentAttentionItem[];
  /** Marks the item resolved on the server; false when that failed (the caller has said so). */
  onResolve: (item: PaymentAttentionItem) => Promise<boolean>;
}

/**
 * Payments that landed where they should not (a capture on a closed order, a wrong amount, a failed
 * refund...), shown above the cards until the owner marks each one resolved. Nothing when none is open.
 */
export function AttentionPanel({ items, onResolve }: AttentionPanelProps) {
  const headingId = useId();
  const [resolvingIds, setResolvingIds] = useState<ReadonlySet<string>>(new Set());
  // Hidden at once when the server has accepted, before the list is fetched again.
  const [resolvedIds, setResolvedIds] = useState<ReadonlySet<string>>(new Set());
  const [isExpanded, setIsExpanded] = useState(false);
  const open = items.filter((item) => !resolvedIds.has(item.id));
  if (open.length === 0) return null;
  const isCollapsible = open.length > ATTENTION_COLLAPSED_COUNT;
  const shown = isCollapsible && !isExpanded ? open.slice(0, ATTENTION_COLLAPSED_COUNT) : open;
  const listId = `${headingId}-list`;

  const resolve = async (item: PaymentAttentionItem) => {
    setResolvingIds((s) => new Set(s).add(item.id));
    const isResolved = await onResolve(item);
    if (isResolved) setResolvedIds((s) => new Set(s).add(item.id));
    setResolvingIds((s) => {
      const next = new Set(s);
      next.delete(item.id);
      return next;
    });
  };

  return (
    <section className="attention-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="attention-heading">
        Payments needing attention ({open.length})
      </h2>
      <ul className="attention-list" id={listId}>
        {shown.map((item) => {
          const messageId = `${headingId}-${item.id}`;
          const isResolving = resolvingIds.has(item.id);
          return (
            <li key={item.id} className="attention-item" data-attention-id={item.id} data-kind={item.kind}>
              <p className="attention-message" id={messageId}>
                {item.message}
              </p>
              <dl className="attention-facts">
                <GroupedTerm label="Order">{item.orderId ?? item._id ?? ATTENTION_UNKNOWN_ORDER}</GroupedTerm>
                <GroupedTerm label="Payment ID" className="attention-id">
                  {item.razorpayPaymentId}
                </GroupedTerm>
                <GroupedTerm label="Amount">{formatRupees(item.amount)}</GroupedTerm>
                {item.expectedAmount !== undefined ? <GroupedTerm label="Expected">{formatRupees(item.expectedAmount)}</GroupedTerm> : null}
                <GroupedTerm label="Date">
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                </GroupedTerm>
              </dl>
              <button type="button" className="btn attention-resolve" aria-describedby={messageId} disabled={isResolving} onClick={() => void resolve(item)}>
                {isResolving ? 'Resolving...' : 'Mark resolved'}
                <span className="visually-hidden"> for payment {item.razorpayPaymentId}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {isCollapsible ? (
        <button type="button" className="btn btn-ghost attention-toggle" aria-expanded={isExpanded} aria-controls={listId} onClick={() => setIsExpanded(!isExpanded)}>
          {isExpanded ? 'Show fewer' : `Show all ${open.length}`}
        </button>
      ) : null}
    </section>
  );
}
