import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from '../../../lib/use-focus-trap.js';

interface ModalProps {
  title: ReactNode;
  /** Escape does nothing while the dialog is busy (a request in flight). */
  isBusy?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** A modal dialog over the page: focus stays inside, Escape closes it, focus returns where it was. */
export function Modal({ title, isBusy = false, onClose, children }: ModalProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // The trap re-runs (and refocuses the first field) when its callback changes: keep it stable.
  const latest = useRef({ isBusy, onClose });
  useEffect(() => {
    latest.current = { isBusy, onClose };
  });
  const onEscape = useCallback(() => {
    if (!latest.current.isBusy) latest.current.onClose();
  }, []);
  useFocusTrap(dialog, true, onEscape);
  return (
    <div className="modal-backdrop">
      <div className="op-modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog}>
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}

/** A dialog's title naming the order it acts on ("Refund order RP…"), the number never broken across lines. */
export function orderTitle(action: string, orderNumber: string): ReactNode {
  return (
    <>
      {action} order <span className="op-keep">{orderNumber}</span>
    </>
  );
}
