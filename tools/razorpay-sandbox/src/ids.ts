import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay-style id: prefix, underscore, 14 alphanumerics (protocol §0). */
export function newId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  let out = '';
  for (let i = 0; i < 14; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${prefix}_${out}`;
}

export function isWellFormedId(id: string, prefix: 'order' | 'pay' | 'rfnd'): boolean {
  return new RegExp(`^${prefix}_[A-Za-z0-9]{14}$`).test(id);
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
