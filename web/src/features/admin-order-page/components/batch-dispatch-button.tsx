import { Suspense, useState } from 'react';
import { lazyRoute } from '../../../lib/lazy-route.js';

// The dialog (its form, the couriers and their validation) loads on first use, not with the panel:
// the owner opens it once a day at most, and the panel's first paint should not wait for it.
const BatchDispatchDialog = lazyRoute<{ onClose: () => void }>(() => import('./batch-dispatch.js'));

/** "Dispatch from a file": the owner pastes rows from a spreadsheet and each becomes a dispatch record. */
export function BatchDispatchButton({ className = 'btn' }: { className?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setIsOpen(true)} onPointerEnter={() => void BatchDispatchDialog.preload().catch(() => {})}>
        Dispatch from a file
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <BatchDispatchDialog onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
