import { env } from '../../../config/env.js';

let loading: Promise<boolean> | undefined;

/**
 * Loads Razorpay's checkout.js (or the local sandbox's, by configuration) once per page, when the
 * payment page opens, so it is ready by the time the shopper confirms. Resolves false if it fails.
 */
export function loadCheckoutScript(src: string = env.razorpayCheckoutUrl): Promise<boolean> {
  if (typeof window === 'undefined') return Promise.resolve(false);
  if (window.Razorpay) return Promise.resolve(true);
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve(Boolean(window.Razorpay));
    script.onerror = () => {
      script.remove();
      loading = undefined;
      resolve(false);
    };
    document.head.appendChild(script);
  });
  return loading;
}
