import type { ButtonHTMLAttributes } from 'react';
import { COPY_FAILED, useCopyToClipboard } from '../../lib/use-copy-to-clipboard.js';
import './copy-button.css';

type CopyButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'value' | 'onClick' | 'children'> & {
  value: string;
  /** Names what is copied for a screen reader ("ticket number": "Copy ticket number"); the button shows only Copy. */
  label?: string;
};

/**
 * Copy, then 'Copied' (or 'Copy failed') for 1.5 s. The shopper's pages take the default look; the
 * admin table passes its own small `copy-btn`.
 */
export function CopyButton({ value, label, className = 'btn copy-button', ...buttonProps }: CopyButtonProps) {
  const { state, copy } = useCopyToClipboard();
  return (
    // aria-live: the change to 'Copied' or 'Copy failed' is read out, as sighted people see it.
    <button type="button" {...buttonProps} className={`${className}${state === 'copied' ? ' is-copied' : ''}${state === 'failed' ? ' is-failed' : ''}`} onClick={() => void copy(value)} aria-live="polite">
      {state === 'copied' ? 'Copied' : state === 'failed' ? COPY_FAILED : 'Copy'}
      {label ? <span className="visually-hidden"> {label}</span> : null}
    </button>
  );
}
