import type { Logger } from 'pino';
import type { Db } from '@pickles/db';
import type { RazorpayClient } from '@pickles/razorpay-client';

export interface PaymentsDeps {
  db: Db;
  razorpay: RazorpayClient;
  logger: Logger;
  /** Wakes the outbox relay right after a commit that wrote an event. */
  relay: { nudge: () => void };
}
