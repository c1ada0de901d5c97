import { z } from 'zod';
import { EMAIL_PATTERN, plainString } from './validation.js';
import { NOTIFY_ME_MESSAGES } from './batch-subscription-messages.js';

/**
 * "Tell me when the next batch is ready" (decision 029): the form under a sold-out or coming-soon
 * product, its answers, and the addresses of the links in its e-mails. One home for the words the
 * form, the API and the e-mails share.
 */

/** A second confirmation e-mail to the same pending sign-up goes out only this long after the last. */
export const CONFIRMATION_COOL_DOWN_HOURS = 24;

// The words live in a module without zod, so the storefront's form shows them without loading it.
export { NOTIFY_ME_MESSAGES };

/** POST /api/notify-me: a sign-up. */
export const notifyMeRequestSchema = z.object({
  productId: z.number({ error: NOTIFY_ME_MESSAGES.product }).int({ error: NOTIFY_ME_MESSAGES.product }).positive({ error: NOTIFY_ME_MESSAGES.product }),
  email: plainString(NOTIFY_ME_MESSAGES.email, 200).trim().regex(EMAIL_PATTERN, { error: NOTIFY_ME_MESSAGES.email }),
});
export type NotifyMeRequest = z.input<typeof notifyMeRequestSchema>;

/** 202 to POST /api/notify-me: what the form shows once the request is accepted. */
export interface NotifyMeResponse {
  success: true;
  message: string;
}

/** The links in the e-mails (checkout answers them with plain pages; the unsubscribe link also takes RFC 8058's one-click POST). */
export const NOTIFY_ME_PATH = '/api/notify-me';
export const notifyConfirmPath = (token: string) => `${NOTIFY_ME_PATH}/confirm?t=${encodeURIComponent(token)}`;
export const notifyUnsubscribePath = (token: string) => `${NOTIFY_ME_PATH}/unsubscribe?t=${encodeURIComponent(token)}`;
