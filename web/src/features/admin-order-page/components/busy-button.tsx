import type { ReactNode } from 'react';

/** A small button of the order page that is disabled, and says what it is doing, while its request runs. */
export function BusyButton({ isBusy, busyText, variant, onClick, children }: { isBusy: boolean; busyText: string; variant?: 'primary' | 'danger'; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={variant ? `btn btn-small btn-${variant}` : 'btn btn-small'} disabled={isBusy} onClick={onClick}>
      {isBusy ? busyText : children}
    </button>
  );
}
