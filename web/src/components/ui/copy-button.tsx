import type { ButtonHTMLAttributes } from 'react';
import { useCopyToClipboard } from '../../lib/use-copy-to-clipboard.js';
import './copy-button.css';

type CopyButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'value' | 'onClick' | 'children'> & {
  value: string;
  /** Names what is copied for a screen reader ("ticket number": "Copy ticket number"); the button shows only Copy. */
  label?: string;
};

/**
 * Copy, then 'Copied' for 1.5 s. The shopper's pages take the default look; the admin table passes its
 * own small `copy-btn`.
 */
export function CopyButton({ value, label, className = 'btn copy-button', ...buttonProps }: CopyButtonProps) {
  const { isCopied, copy } = useCopyToClipboard();
  return (
    // aria-live: the change to 'Copied' is read out, as sighted people see it.
    <button type="button" {...buttonProps} className={`${className}${isCopied ? ' is-copied' : ''}`} onClick={() => void copy(value)} aria-live="polite">
      {isCopied ? 'Copied' : 'Copy'}
      {label ? <span className="visually-hidden"> {label}</span> : null}
    </button>
  );
}
