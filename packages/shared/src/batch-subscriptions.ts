import { z } from 'zod';
import { EMAIL_PATTERN, plainString } from './validation.js';

/**
 * "Tell me when the next batch is ready" (decision 029): the form under a sold-out or coming-soon
 * product, its answers, and the addresses of the links in its e-mails. One home for the words the
 * form, the API and the e-mails share.
 */

/** A second confirmation e-mail to the same pending sign-up goes out only this long after the last. */
export const CONFIRMATION_COOL_DOWN_HOURS = 24;

export const NOTIFY_ME_MESSAGES = {
  email: 'Enter a valid e-mail address, like name@example.com',
  product: 'Choose a product',
  unknownProduct: 'No product with that id',
  /** The form's purpose, shown next to the field. */
  purpose: (name: string) => `We will e-mail you once when the next batch of ${name} is ready. Nothing else.`,
  /** A told subscription is fulfilled: the form says so before the shopper signs up. */
  once: 'After that e-mail you are off the list: sign up again for the batch after.',
  onSale: (name: string) => `${name} is on sale now: add it to your cart instead.`,
  /** The answer to every accepted sign-up, new or repeated (it says nothing about who else signed up). */
  checkInbox: (email: string) => `Almost done: open the link we e-mailed to ${email} to confirm. If you already confirmed, you are on the list.`,
  confirmed: (name: string) => `You are on the list. We will e-mail you once when the next batch of ${name} is ready.`,
  confirmLinkInvalid: 'This link is not valid any more. Sign up again on the product page if you still want to hear about the next batch.',
  unsubscribed: (name: string) => `You will not hear from us about ${name}. Nothing else was kept for this list.`,
} as const;

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
