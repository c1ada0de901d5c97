import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Paths never written to a log: credentials, tokens, signatures and the customer's address. Card
 * data never reaches our servers at all (Razorpay Checkout collects it).
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-razorpay-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.razorpay_signature',
  '*.signature',
  '*.deliveryAddress',
  '*.keySecret',
  '*.key_secret',
];

export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    level,
    base: { service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
