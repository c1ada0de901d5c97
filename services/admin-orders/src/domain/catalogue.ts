import { archiveProduct, createProduct, readCatalogue, readProductChanges, reorderProducts, updateProduct, type CatalogueWrite, type Db, type ProductChange, type ProductFields } from '@pickles/db';
import { rupeesToPaise } from '@pickles/shared';
import type { CatalogueProduct } from '@pickles/shared/catalogue';
import { slugOf, type CatalogueProductInput } from '@pickles/shared/catalogue-input';

/** The owner's catalogue (decision 024): every save is a new version of the product, recorded with who made it. */

/** The form's rupees as the catalogue keeps them: integer paise (decision 003). */
function toFields(input: CatalogueProductInput): ProductFields {
  return {
    name: input.name,
    title: input.title,
    description: input.description,
    pricePaise: rupeesToPaise(input.price),
    displayPricePaise: input.displayPrice === null ? null : rupeesToPaise(input.displayPrice),
    discountLabel: input.discountLabel || null,
    packLabel: input.packLabel,
    netGrams: input.netGrams,
    diet: input.diet,
    ingredients: input.ingredients,
    allergens: input.allergens,
    storage: input.storage,
    bestBefore: input.bestBefore,
    countryOfOrigin: input.countryOfOrigin,
    hsn: input.hsn,
    gstRatePercent: input.gstRatePercent,
  };
}

/** Every product, archived ones too, in the storefront's order. */
export function adminCatalogue(db: Db): Promise<CatalogueProduct[]> {
  return readCatalogue(db, { includeArchived: true });
}

/** A new product, at the end of the storefront, coming soon until the owner sets its batch. */
export function addCatalogueProduct(db: Db, input: CatalogueProductInput, by: string): Promise<CatalogueWrite> {
  return createProduct(db, toFields(input), slugOf(input.name), by);
}

/** The owner's edit of the version she opened; a save made meanwhile by someone else is refused (`conflict`). */
export function saveCatalogueProduct(db: Db, id: number, version: number, input: CatalogueProductInput, by: string): Promise<CatalogueWrite> {
  return updateProduct(db, id, version, toFields(input), by);
}

/** Off the storefront, no longer sold; its orders keep it. */
export function archiveCatalogueProduct(db: Db, id: number, version: number, by: string): Promise<CatalogueWrite> {
  return archiveProduct(db, id, version, by);
}

/**
 * The storefront's order: every product not archived, once; `before` (the order the owner's page
 * showed) guards against another owner's reorder. Answers the catalogue in its new order.
 */
export async function reorderCatalogue(db: Db, productIds: readonly number[], by: string, before?: readonly number[]): Promise<{ kind: 'mismatch' | 'changed' } | { kind: 'saved'; products: CatalogueProduct[] }> {
  const outcome = await reorderProducts(db, productIds, by, before);
  if (outcome !== 'saved') return { kind: outcome };
  return { kind: 'saved', products: await adminCatalogue(db) };
}

/** Who changed the product when, before and after, newest first; empty for an unknown product. */
export function productChanges(db: Db, id: number): Promise<ProductChange[]> {
  return readProductChanges(db, id);
}
