import { PRODUCTS } from '@pickles/shared/catalogue';
import { catalogueAvailability, type ProductAvailability } from '@pickles/shared/stock';
import { getAvailability } from './api/get-availability.js';

/**
 * What the shop knows about each product's stock. It starts from the catalogue's own
 * flags, which is what the prerendered HTML shows, and takes the server's answer when it comes: the
 * owner launches a product or sells out a batch without a build.
 */
export interface AvailabilitySnapshot {
  /** Every catalogue product, by id. */
  byProduct: ReadonlyMap<number, ProductAvailability>;
  /** True once the server has answered; until then only the catalogue's flags, which prove nothing about jars left. */
  isLive: boolean;
}

const CATALOGUE: AvailabilitySnapshot = { byProduct: new Map(PRODUCTS.map((product) => [product.id, catalogueAvailability(product)])), isLive: false };

let current = CATALOGUE;
const listeners = new Set<() => void>();
let pending: Promise<AvailabilitySnapshot> | undefined;
/** Requests started and the newest one published, so an older answer never replaces a newer one. */
let started = 0;
let published = 0;

export function readAvailability(): AvailabilitySnapshot {
  return current;
}

/** The prerender and hydration render this: the catalogue's flags, never a live answer. */
export function getServerAvailability(): AvailabilitySnapshot {
  return CATALOGUE;
}

/** A product's availability; one the server did not mention keeps the catalogue's flag. */
export function availabilityOf(snapshot: AvailabilitySnapshot, productId: number): ProductAvailability {
  return snapshot.byProduct.get(productId) ?? { productId, state: 'coming-soon', left: 0, nextBatchDate: null };
}

function publish(products: readonly ProductAvailability[]): void {
  // Every product the server names, those added since the build too (decision 024).
  const byProduct = new Map(CATALOGUE.byProduct);
  for (const availability of products) byProduct.set(availability.productId, availability);
  current = { byProduct, isLive: true };
  for (const listener of listeners) listener();
}

/**
 * Asks the server again and resolves with what it said (rejects with the API failure; what is shown
 * stays). Calls made while one is under way share it, unless `fresh` is set: after create-order
 * refused the cart, an answer asked for before that is not good enough.
 */
export function refreshAvailability({ fresh = false } = {}): Promise<AvailabilitySnapshot> {
  if (pending && !fresh) return pending;
  const request = ++started;
  const call: Promise<AvailabilitySnapshot> = getAvailability()
    .then((answer) => {
      if (request > published) {
        published = request;
        publish(answer.products);
      }
      return current;
    })
    .finally(() => {
      if (pending === call) pending = undefined;
    });
  pending = call;
  return call;
}

/** The shopper came back to the tab: jars may have sold meanwhile. */
function onFocus(): void {
  void refreshAvailability().catch(() => undefined);
}

export function subscribeAvailability(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('focus', onFocus);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('focus', onFocus);
  };
}

/** Back to the catalogue's flags (tests). */
export function resetAvailability(): void {
  current = CATALOGUE;
  pending = undefined;
  started = 0;
  published = 0;
}
