import { confirmSubscriber, readProducts, readStock, readSubscriber, signUpForNextBatch, unsubscribeSubscriber, type Db, type LinkedSubscriber, type SignUpOutcome } from '@pickles/db';
import { CONFIRMATION_COOL_DOWN_HOURS } from '@pickles/shared/batch-subscriptions';
import { toAvailability } from '@pickles/shared/stock';

/** What a "next batch" sign-up did, or why it was refused. */
export type NextBatchSignUp =
  | { kind: 'unknown-product' }
  | { kind: 'on-sale'; productName: string }
  | { kind: 'signed-up'; productId: number; outcome: SignUpOutcome };

/**
 * "Tell me when the next batch is ready" (decision 029): only for a catalogue product that cannot be
 * bought now (coming soon or sold out). The address is signed up, or reminded after the cool-down,
 * through batch-subscribers.ts's one transaction.
 */
export async function signUpForBatch(db: Db, request: { productId: number; email: string }): Promise<NextBatchSignUp> {
  const product = (await readProducts(db, [request.productId])).get(request.productId);
  if (!product || product.archived) return { kind: 'unknown-product' };
  const stock = (await readStock(db)).find((row) => row.productId === product.id);
  if (stock && toAvailability(stock).state === 'on-sale') return { kind: 'on-sale', productName: product.name };
  const outcome = await signUpForNextBatch(db, product.id, request.email, CONFIRMATION_COOL_DOWN_HOURS);
  return { kind: 'signed-up', productId: product.id, outcome };
}

async function productName(db: Db, productId: number): Promise<string> {
  return (await readProducts(db, [productId])).get(productId)?.name ?? 'this pickle';
}

/** A link's sign-up as its page shows it: undefined when the link names none that still counts. */
export type LinkedSignUp = { subscriber: LinkedSubscriber; productName: string } | undefined;

/**
 * The confirmation link's sign-up: confirmed when `confirm` (the page's button), only read otherwise
 * (a link scanner opening the page confirms nothing). An unsubscribed one is as good as none.
 */
export async function confirmationLink(db: Db, subscriberId: string | undefined, confirm: boolean): Promise<LinkedSignUp> {
  const found = subscriberId ? await (confirm ? confirmSubscriber(db, subscriberId) : readSubscriber(db, subscriberId)) : undefined;
  if (!found || found.state === 'unsubscribed') return undefined;
  return { subscriber: found, productName: await productName(db, found.productId) };
}

/** The product an unsubscribe link's sign-up is about ('this pickle' when it is gone), read only. */
export async function unsubscribeLinkProduct(db: Db, subscriberId: string): Promise<string> {
  const subscriber = await readSubscriber(db, subscriberId);
  return subscriber ? productName(db, subscriber.productId) : 'this pickle';
}

/** Unsubscribes the link's sign-up (again: nothing changes); whether there was one, and its product's name. */
export async function unsubscribeFromBatch(db: Db, subscriberId: string): Promise<{ found: boolean; productName: string }> {
  const subscriber = await unsubscribeSubscriber(db, subscriberId);
  return { found: Boolean(subscriber), productName: subscriber ? await productName(db, subscriber.productId) : 'this pickle' };
}
