import type { Kysely, Transaction } from 'kysely';
import type { CatalogueProduct } from '@pickles/shared/catalogue';
import type { Database, ProductsTable } from './schema.js';

type DbHandle = Kysely<Database> | Transaction<Database>;

/**
 * The catalogue (decision 024): the one module that reads and writes `products` and
 * `product_changes`. Checkout prices orders from it; the storefront and the owner's Catalogue page
 * read it through their services.
 */

const PRODUCT_COLUMNS = [
  'id',
  'slug',
  'position',
  'name',
  'title',
  'description',
  'price_paise',
  'display_price_paise',
  'discount_label',
  'pack_label',
  'net_grams',
  'art',
  'diet',
  'ingredients',
  'allergens',
  'storage',
  'best_before',
  'country_of_origin',
  'hsn',
  'gst_rate_percent',
  'archived_at',
  'version',
] as const satisfies readonly (keyof ProductsTable)[];

type ProductRow = { [K in (typeof PRODUCT_COLUMNS)[number]]: K extends 'archived_at' ? Date | null : K extends 'id' | 'version' ? number : ProductsTable[K] };

export function toCatalogueProduct(row: ProductRow): CatalogueProduct {
  return {
    id: row.id,
    slug: row.slug,
    position: row.position,
    name: row.name,
    title: row.title,
    description: row.description,
    pricePaise: row.price_paise,
    displayPricePaise: row.display_price_paise,
    discountLabel: row.discount_label,
    packLabel: row.pack_label,
    netGrams: row.net_grams,
    art: row.art,
    diet: row.diet,
    ingredients: row.ingredients,
    allergens: row.allergens,
    storage: row.storage,
    bestBefore: row.best_before,
    countryOfOrigin: row.country_of_origin,
    hsn: row.hsn,
    gstRatePercent: row.gst_rate_percent,
    archived: row.archived_at !== null,
    version: row.version,
  };
}

/** The catalogue in the storefront's order; archived products only when asked (the owner's list). */
export async function readCatalogue(db: DbHandle, { includeArchived = false } = {}): Promise<CatalogueProduct[]> {
  let query = db.selectFrom('products').select(PRODUCT_COLUMNS).orderBy('position').orderBy('id');
  if (!includeArchived) query = query.where('archived_at', 'is', null);
  return (await query.execute()).map(toCatalogueProduct);
}

/** These products as they are now, archived ones included (the caller refuses them): checkout prices from this. */
export async function readProducts(db: DbHandle, ids: readonly number[]): Promise<Map<number, CatalogueProduct>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, toCatalogueProduct(row)]));
}
