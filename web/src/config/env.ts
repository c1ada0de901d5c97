/** Build-time configuration (Vite env). Defaults fit the gateway serving SPA and API on one origin. */
export const env = {
  /** Origin of the API host; '' means the same origin as the page. */
  apiOrigin: (import.meta.env.VITE_API_ORIGIN ?? '').replace(/\/+$/, ''),
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL || 'support@royalpickles.in',
  razorpayCheckoutUrl: import.meta.env.VITE_RAZORPAY_CHECKOUT_URL || 'https://checkout.razorpay.com/v1/checkout.js',
} as const;
