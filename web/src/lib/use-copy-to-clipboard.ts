import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a Copy button says 'Copied' (docs/product.md §2, §9). */
export const COPIED_MS = 1_500;
export const COPY_FAILED = 'Copy failed';

/** What a Copy button says: 'Copy', 'Copied' after it worked, 'Copy failed' after a refusal, each for COPIED_MS. */
export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Puts a value on the clipboard: `state` is 'copied' for COPIED_MS after it worked; a refusal (no
 * permission, nothing to copy) makes it 'failed' as long, so the button itself says COPY_FAILED and the
 * person knows to copy it by hand (on the page: an alert() would stop everything else).
 */
export function useCopyToClipboard() {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const show = useCallback((next: CopyState) => {
    setState(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), COPIED_MS);
  }, []);
  const copy = useCallback(
    async (value: string | undefined) => {
      try {
        if (!value) throw new Error('nothing to copy');
        await navigator.clipboard.writeText(value);
        show('copied');
      } catch {
        show('failed');
      }
    },
    [show],
  );
  return { state, isCopied: state === 'copied', copy };
}
