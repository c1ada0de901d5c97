import { PRODUCTS, type Product } from '@pickles/shared/catalogue';
import { getCatalogue } from './get-catalogue.js';

/**
 * The products the storefront shows (decision 024). It starts from the build's list, which is what
 * the prerendered HTML shows, and takes the server's catalogue when it answers: the owner's edits
 * show without a build. An answer equal to what is shown changes nothing (no second render), so a
 * catalogue the build already has costs no layout shift. The last answer is kept for the session,
 * so the shopper's next page starts from it right after hydration instead of waiting again.
 */
export interface CatalogueSnapshot {
  products: readonly Product[];
  /** True once the server has answered (in this page or earlier in the session). */
  isLive: boolean;
}

const SESSION_KEY = 'royalPicklesCatalogue';
const BUILT: CatalogueSnapshot = { products: PRODUCTS, isLive: false };

function fromSession(): CatalogueSnapshot {
  try {
    const raw = typeof window === 'undefined' ? null : window.sessionStorage.getItem(SESSION_KEY);
    const products = raw ? (JSON.parse(raw) as unknown) : undefined;
    if (Array.isArray(products) && products.every((product) => typeof product === 'object' && product !== null && typeof (product as Product).id === 'number')) {
      return { products: products as Product[], isLive: true };
    }
  } catch {
    // Storage disabled or a damaged value: the build's list, until the server answers.
  }
  return BUILT;
}

let current: CatalogueSnapshot | undefined;
const listeners = new Set<() => void>();
let pending: Promise<CatalogueSnapshot> | undefined;

export function readCatalogue(): CatalogueSnapshot {
  current ??= fromSession();
  return current;
}

/** The prerender and hydration render this: the build's list, never a live answer. */
export function getServerCatalogue(): CatalogueSnapshot {
  return BUILT;
}

/** A product of the catalogue as now known, by id. */
export function catalogueProduct(productId: number, snapshot: CatalogueSnapshot = readCatalogue()): Product | undefined {
  return snapshot.products.find((product) => product.id === productId);
}

/** A product of the catalogue as now known, by its page's slug. */
export function catalogueProductBySlug(slug: string, snapshot: CatalogueSnapshot = readCatalogue()): Product | undefined {
  return snapshot.products.find((product) => product.slug === slug);
}

function publish(products: Product[]): void {
  try {
    window.sessionStorage.setItem(SESSION_KEY, JSON.stringify(products));
  } catch {
    // Quota or disabled storage: this page still shows the answer.
  }
  const shown = readCatalogue();
  if (shown.isLive && JSON.stringify(shown.products) === JSON.stringify(products)) return;
  current = { products, isLive: true };
  for (const listener of listeners) listener();
}

/**
 * Asks the server (calls made while one is under way share it, unless `fresh`: past the browser's
 * copy, for the checkout); a failure keeps what is shown.
 */
export function refreshCatalogue({ fresh = false } = {}): Promise<CatalogueSnapshot> {
  if (pending && !fresh) return pending;
  const call: Promise<CatalogueSnapshot> = getCatalogue({ fresh })
    .then((answer) => {
      publish(answer.products);
      return readCatalogue();
    })
    .finally(() => {
      if (pending === call) pending = undefined;
    });
  pending = call;
  return call;
}

export function subscribeCatalogue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Back to the build's list (tests). */
export function resetCatalogue(): void {
  current = BUILT;
  pending = undefined;
  try {
    window.sessionStorage.removeItem(SESSION_KEY);
  } catch {
    // nothing stored
  }
}
