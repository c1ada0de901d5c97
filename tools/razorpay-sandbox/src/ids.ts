import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay-style id: prefix, underscore, 14 alphanumerics (protocol §0). */
export function newId(prefix: 'order' | 'pay' | 'rfnd' | 'evt' | 'plink'): string {
  return `${prefix}_${randomAlphanumerics(14)}`;
}

/** The code in a link's short URL, like rzp.io/i/nxrHnLJ. */
export function newShortCode(): string {
  return randomAlphanumerics(7);
}

function randomAlphanumerics(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

export function isWellFormedId(id: string, prefix: 'order' | 'pay' | 'rfnd' | 'plink'): boolean {
  return new RegExp(`^${prefix}_[A-Za-z0-9]{14}$`).test(id);
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
