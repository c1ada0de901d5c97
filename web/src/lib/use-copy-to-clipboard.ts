import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a Copy button says 'Copied' (docs/product.md §2, §9). */
export const COPIED_MS = 1_500;
export const COPY_FAILED = 'Copy failed';

/**
 * Puts a value on the clipboard: `isCopied` is true for COPIED_MS after it worked; a refusal (no
 * permission, nothing to copy) alerts COPY_FAILED, so the person knows to copy it by hand.
 */
export function useCopyToClipboard() {
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(async (value: string | undefined) => {
    try {
      if (!value) throw new Error('nothing to copy');
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setIsCopied(false), COPIED_MS);
    } catch {
      window.alert(COPY_FAILED);
    }
  }, []);
  return { isCopied, copy };
}
