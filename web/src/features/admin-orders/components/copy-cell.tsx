import { Link } from 'react-router-dom';
import { CopyButton } from '../../../components/ui/copy-button.js';
import { truncate } from '../format.js';

/**
 * A truncated value with a Copy button that shows 'Copied' for 1.5 s (docs/product.md §2, §9); with
 * `href`, the value links there (the order number opens the order's page).
 */
export function CopyCell({ value, label, href }: { value: string | undefined; label: string; href?: string }) {
  return (
    <span className="copy-cell">
      {href && value ? (
        <Link to={href} className="copy-value" title={`Open order ${value}`} aria-label={value}>
          {truncate(value)}
        </Link>
      ) : (
        <span className="copy-value" title={value || undefined}>
          {truncate(value)}
        </span>
      )}
      {value ? <CopyButton value={value} className="copy-btn" data-copy={label} /> : null}
    </span>
  );
}
