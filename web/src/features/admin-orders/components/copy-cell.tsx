import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { truncate } from '../format.js';

export const COPIED_MS = 1_500;
export const COPY_FAILED = 'Copy failed';

/**
 * A truncated value with a Copy button that shows 'Copied' for 1.5 s (docs/product.md §2, §9); with
 * `href`, the value links there (the order number opens the order's page).
 */
export function CopyCell({ value, label, href }: { value: string | undefined; label: string; href?: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      if (!value) throw new Error('nothing to copy');
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setIsCopied(false), COPIED_MS);
    } catch {
      window.alert(COPY_FAILED);
    }
  };

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
      {value ? (
        <button type="button" className="copy-btn" onClick={copy} data-copy={label}>
          {isCopied ? 'Copied' : 'Copy'}
        </button>
      ) : null}
    </span>
  );
}
