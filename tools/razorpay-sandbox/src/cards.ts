import type { CardEntity, RazorpayErrorBody } from './types.js';

/**
 * Test inputs from protocol §8. Texts of test-mode failures are not published (§12), so the
 * descriptions here are the sandbox's own; codes and reasons follow the error index.
 */
export type FailureReason =
  | 'insufficient_funds'
  | 'card_declined'
  | 'payment_cancelled'
  | 'payment_timed_out'
  | 'card_number_invalid'
  | 'card_not_enabled_for_online_payments'
  | 'gateway_technical_error'
  | 'authentication_failed'
  | 'payment_failed';

type FailureSpec = Omit<RazorpayErrorBody, 'metadata' | 'field'> & { reason: FailureReason; field?: string };

export const FAILURES: Record<FailureReason, FailureSpec> = {
  insufficient_funds: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment could not be completed due to insufficient account balance. Try another card or payment method.',
    source: 'customer',
    step: 'payment_authorization',
    reason: 'insufficient_funds',
  },
  card_declined: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment was declined by your bank. Try another card or payment method.',
    source: 'bank',
    step: 'payment_authorization',
    reason: 'card_declined',
  },
  payment_cancelled: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment has been cancelled. Try again or complete the payment later.',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_cancelled',
  },
  payment_timed_out: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment timed out. Try again or complete the payment later.',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_timed_out',
  },
  card_number_invalid: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your card number is invalid. Try another card or payment method.',
    source: 'customer',
    step: 'payment_initiation',
    reason: 'card_number_invalid',
    field: 'card[number]',
  },
  card_not_enabled_for_online_payments: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your card is not enabled for online payments. Try another card or payment method.',
    source: 'customer',
    step: 'payment_authorization',
    reason: 'card_not_enabled_for_online_payments',
  },
  gateway_technical_error: {
    code: 'GATEWAY_ERROR',
    description: 'Your payment could not be completed due to a temporary technical issue at the bank. Try again.',
    source: 'gateway',
    step: 'payment_authorization',
    reason: 'gateway_technical_error',
  },
  authentication_failed: {
    code: 'GATEWAY_ERROR',
    description: 'Your payment could not be completed as the authentication failed. Try again.',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'authentication_failed',
  },
  payment_failed: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Payment failed',
    source: 'bank',
    step: 'payment_authorization',
    reason: 'payment_failed',
  },
};

/** Last 8 digits of the Visa (4100 2800 …) and Mastercard (5305 6200 …) error cards. */
const ERROR_CARD_SUFFIXES: Record<string, FailureReason> = {
  '00080001': 'insufficient_funds',
  '00060003': 'card_declined',
  '00070002': 'payment_cancelled',
  '00090000': 'payment_timed_out',
  '00010008': 'card_number_invalid',
  '00030006': 'card_not_enabled_for_online_payments',
  '00020007': 'gateway_technical_error',
  '00000009': 'authentication_failed',
};

export const SUCCESS_CARDS: Record<string, { network: string; international: boolean }> = {
  '4100280000001007': { network: 'Visa', international: false },
  '5500670000001002': { network: 'MasterCard', international: false },
  '6527658900001005': { network: 'RuPay', international: false },
  '36082800091007': { network: 'Diners Club', international: false },
  '340256000401007': { network: 'American Express', international: false },
  '5555555555554444': { network: 'MasterCard', international: true },
  '4012888888881881': { network: 'Visa', international: true },
  // Unconfirmed in real test mode (§12); accepted here.
  '4111111111111111': { network: 'Visa', international: false },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && digits.length <= 19 && sum % 10 === 0;
}

export function errorCardReason(digits: string): FailureReason | undefined {
  if (digits.length !== 16) return undefined;
  if (!digits.startsWith('41002800') && !digits.startsWith('53056200')) return undefined;
  return ERROR_CARD_SUFFIXES[digits.slice(8)];
}

function networkOf(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(digits)) return 'MasterCard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^36|^38/.test(digits)) return 'Diners Club';
  if (/^60|^65|^81|^82|^508/.test(digits)) return 'RuPay';
  return 'Unknown';
}

export function cardEntity(digits: string, id: string, name: string): CardEntity {
  const known = SUCCESS_CARDS[digits];
  return {
    id,
    entity: 'card',
    name,
    last4: digits.slice(-4),
    network: known?.network ?? networkOf(digits),
    type: 'credit',
    issuer: null,
    international: known?.international ?? false,
    emi: false,
    sub_type: 'consumer',
  };
}

export type PaymentInput = { method: 'card'; cardNumber: string } | { method: 'upi'; vpa: string };

export type Outcome = { kind: 'success' } | { kind: 'failure'; reason: FailureReason } | { kind: 'invalid'; message: string; field: string };

/**
 * What the test instrument does. `bankChoice` is the mock bank page's Success/Failure button;
 * error cards fail whatever is chosen there.
 */
export function resolveOutcome(input: PaymentInput, bankChoice?: 'success' | 'failure'): Outcome {
  if (input.method === 'upi') {
    const vpa = input.vpa.trim().toLowerCase();
    if (!/^[a-z0-9._-]{2,256}@[a-z][a-z0-9]{1,64}$/.test(vpa)) return { kind: 'invalid', message: 'Invalid VPA. Please enter a valid Virtual Payment Address', field: 'vpa' };
    if (vpa === 'failure@razorpay' || bankChoice === 'failure') return { kind: 'failure', reason: 'payment_failed' };
    return { kind: 'success' };
  }
  const digits = input.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return { kind: 'invalid', message: 'Your card number is invalid.', field: 'card[number]' };
  const errorReason = errorCardReason(digits);
  if (errorReason) return { kind: 'failure', reason: errorReason };
  if (bankChoice === 'failure') return { kind: 'failure', reason: 'payment_failed' };
  return { kind: 'success' };
}
