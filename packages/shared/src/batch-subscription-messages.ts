/**
 * The words of "tell me when the next batch is ready" (decision 029) that the form, the API and the
 * e-mails share; no zod here, so the storefront's form shows them before it needs the schema
 * (batch-subscriptions.ts), which it loads on the first submit.
 */
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
