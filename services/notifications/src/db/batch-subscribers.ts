import type { Db } from '@pickles/db';

/** A "next batch" subscriber as an e-mail needs them: the event carries only ids (personal data stays out of Redis). */
export interface EmailSubscriber {
  id: string;
  email: string;
  state: 'pending' | 'confirmed' | 'told' | 'unsubscribed';
  productName: string;
  productSlug: string;
}

function subscribers(db: Db) {
  return db
    .selectFrom('batch_subscribers')
    .innerJoin('products', 'products.id', 'batch_subscribers.product_id')
    .select(['batch_subscribers.id', 'batch_subscribers.email', 'batch_subscribers.state', 'products.name as productName', 'products.slug as productSlug']);
}

/** The sign-up as it stands now; undefined when it was erased. */
export function loadSubscriber(db: Db, subscriberId: string): Promise<EmailSubscriber | undefined> {
  return subscribers(db).where('batch_subscribers.id', '=', subscriberId).executeTakeFirst();
}

/** Everyone a batch opening told, as they stand now (one who unsubscribed since is among them, to be skipped). */
export function loadToldSubscribers(db: Db, openingId: string): Promise<EmailSubscriber[]> {
  return subscribers(db).where('batch_subscribers.opening_id', '=', openingId).orderBy('batch_subscribers.id').execute();
}
