import { sql, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import type { CatalogueProduct } from '@pickles/shared/catalogue';
import type { ProductPhoto } from '@pickles/shared/product-photos';
import type { Database, ProductsTable } from './schema.js';
import { isUniqueViolation } from './unique-violation.js';

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

type ProductRow = { [K in (typeof PRODUCT_COLUMNS)[number]]: K extends 'archived_at' ? Date | null : K extends 'id' | 'version' ? number : ProductsTable[K] } & { photos: ProductPhoto[] };

/** A product's photos in its order (decision 027), read with the product in the same statement. */
const photosColumn = sql<ProductPhoto[]>`(
  select coalesce(json_agg(json_build_object('id', pp.photo_id, 'alt', pp.alt, 'width', ph.width, 'height', ph.height) order by pp.position), '[]'::json)
  from product_photos pp join photos ph on ph.id = pp.photo_id
  where pp.product_id = products.id
)`.as('photos');

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
    photos: row.photos,
  };
}

/** The catalogue in the storefront's order; archived products only when asked (the owner's list). */
export async function readCatalogue(db: DbHandle, { includeArchived = false } = {}): Promise<CatalogueProduct[]> {
  let query = db.selectFrom('products').select([...PRODUCT_COLUMNS, photosColumn]).orderBy('position').orderBy('id');
  if (!includeArchived) query = query.where('archived_at', 'is', null);
  return (await query.execute()).map(toCatalogueProduct);
}

/** These products as they are now, archived ones included (the caller refuses them): checkout prices from this. */
export async function readProducts(db: DbHandle, ids: readonly number[]): Promise<Map<number, CatalogueProduct>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('products').select([...PRODUCT_COLUMNS, photosColumn]).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((row) => [row.id, toCatalogueProduct(row)]));
}

/** A product as the owner saves it, money in paise (the service converts the form's rupees). */
export type ProductFields = Omit<CatalogueProduct, 'id' | 'slug' | 'position' | 'art' | 'archived' | 'version' | 'photos'>;

function toColumns(fields: ProductFields) {
  return {
    name: fields.name,
    title: fields.title,
    description: fields.description,
    price_paise: fields.pricePaise,
    display_price_paise: fields.displayPricePaise,
    discount_label: fields.discountLabel,
    pack_label: fields.packLabel,
    net_grams: fields.netGrams,
    diet: fields.diet,
    ingredients: fields.ingredients,
    allergens: fields.allergens,
    storage: fields.storage,
    best_before: fields.bestBefore,
    country_of_origin: fields.countryOfOrigin,
    hsn: fields.hsn,
    gst_rate_percent: fields.gstRatePercent,
  };
}

/** What the change log keeps of a product: what the owner sees, without the bookkeeping. */
function logged(product: CatalogueProduct): Omit<CatalogueProduct, 'version'> {
  const { version: _version, ...rest } = product;
  return rest;
}

async function recordChange(trx: Transaction<Database>, before: CatalogueProduct | undefined, after: CatalogueProduct, by: string): Promise<void> {
  await trx
    .insertInto('product_changes')
    .values({ product_id: after.id, version: after.version, changed_by: by, before: before ? JSON.stringify(logged(before)) : null, after: JSON.stringify(logged(after)) })
    .execute();
}

export type CatalogueWrite = { ok: true; product: CatalogueProduct } | { ok: false; reason: 'not-found' | 'conflict' | 'duplicate-name' };

/**
 * Adds a product at the end of the storefront, coming soon (the owner puts it on sale on the Stock
 * page with its batch), with its first change-log entry, in one transaction. `slug` is made unique
 * by a number when another product has it.
 */
export async function createProduct(db: Kysely<Database>, fields: ProductFields, slug: string, by: string): Promise<CatalogueWrite> {
  try {
    return await db.transaction().execute(async (trx) => {
      const taken = new Set((await trx.selectFrom('products').select('slug').where('slug', 'like', `${slug}%`).execute()).map((row) => row.slug));
      let unique = slug;
      for (let n = 2; taken.has(unique); n++) unique = `${slug}-${n}`;
      const row = await trx
        .insertInto('products')
        .values({ ...toColumns(fields), slug: unique, art: null, archived_at: null, updated_by: by, position: sql<number>`(select coalesce(max(position), 0) + 1 from products)` })
        .returning([...PRODUCT_COLUMNS, photosColumn])
        .executeTakeFirstOrThrow();
      const product = toCatalogueProduct(row);
      await trx.insertInto('product_stock').values({ product_id: product.id, state: 'coming-soon', batch_jars: null, updated_by: by }).onConflict((conflict) => conflict.column('product_id').doNothing()).execute();
      await recordChange(trx, undefined, product, by);
      return { ok: true as const, product };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'products_name')) return { ok: false, reason: 'duplicate-name' };
    throw error;
  }
}

/**
 * Every change of a product, in its transaction: locks the product, refuses it when missing or no
 * longer at `version` (another save came first), runs `beforeSave` (which may throw to roll back),
 * writes `set` with the version moved on, and records the change with before and after.
 */
async function saveAtVersion(
  trx: Transaction<Database>,
  id: number,
  version: number,
  by: string,
  set: UpdateObject<Database, 'products'>,
  beforeSave: () => Promise<void> = async () => {},
): Promise<{ ok: true; product: CatalogueProduct } | { ok: false; reason: 'not-found' | 'conflict' }> {
  const current = await trx.selectFrom('products').select([...PRODUCT_COLUMNS, photosColumn]).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!current) return { ok: false, reason: 'not-found' };
  if (current.version !== version) return { ok: false, reason: 'conflict' };
  await beforeSave();
  const row = await trx
    .updateTable('products')
    .set({ ...set, version: version + 1, updated_at: sql<Date>`now()`, updated_by: by })
    .where('id', '=', id)
    .returning([...PRODUCT_COLUMNS, photosColumn])
    .executeTakeFirstOrThrow();
  const product = toCatalogueProduct(row);
  await recordChange(trx, toCatalogueProduct(current), product, by);
  return { ok: true, product };
}

/**
 * Saves the owner's edit when the product is still at `version` (the one the owner opened); another
 * owner's save in between is a conflict and nothing changes. Recorded with before and after.
 */
export async function updateProduct(db: Kysely<Database>, id: number, version: number, fields: ProductFields, by: string): Promise<CatalogueWrite> {
  try {
    return await db.transaction().execute((trx) => saveAtVersion(trx, id, version, by, toColumns(fields)));
  } catch (error) {
    if (isUniqueViolation(error, 'products_name')) return { ok: false, reason: 'duplicate-name' };
    throw error;
  }
}

/** Archives a product (still at `version`): it leaves the storefront and cannot be bought; past orders keep it. */
export async function archiveProduct(db: Kysely<Database>, id: number, version: number, by: string): Promise<CatalogueWrite> {
  return db.transaction().execute((trx) => saveAtVersion(trx, id, version, by, { archived_at: sql<Date>`coalesce(archived_at, now())` }));
}

/**
 * Puts the storefront's products in this order. `productIds` must name every product not archived,
 * once; false (nothing changes) otherwise. Positions are bookkeeping, not a change of the product.
 */
/**
 * The storefront's order: every product not archived, once. With `before` (the order the owner's page
 * showed), an order someone else saved since is 'changed', not overwritten.
 */
export async function reorderProducts(db: Kysely<Database>, productIds: readonly number[], by: string, before?: readonly number[]): Promise<'saved' | 'mismatch' | 'changed'> {
  return db.transaction().execute(async (trx) => {
    const shown = (await trx.selectFrom('products').select('id').where('archived_at', 'is', null).orderBy('position').orderBy('id').forUpdate().execute()).map((row) => row.id);
    if (before && (before.length !== shown.length || before.some((id, index) => shown[index] !== id))) return 'changed';
    if (shown.length !== productIds.length || new Set(productIds).size !== productIds.length || !shown.every((id) => productIds.includes(id))) return 'mismatch';
    await sql`update products set position = ordered.position, updated_by = ${by}
      from unnest(${[...productIds]}::int[]) with ordinality as ordered(id, position)
      where products.id = ordered.id`.execute(trx);
    return 'saved';
  });
}

export interface ProductChange {
  version: number;
  changedAt: string;
  changedBy: string;
  before: Partial<CatalogueProduct> | null;
  after: Partial<CatalogueProduct>;
}

/** A product's change log, newest first. */
export async function readProductChanges(db: DbHandle, id: number): Promise<ProductChange[]> {
  const rows = await db.selectFrom('product_changes').select(['version', 'changed_at', 'changed_by', 'before', 'after']).where('product_id', '=', id).orderBy('version', 'desc').execute();
  return rows.map((row) => ({
    version: row.version,
    changedAt: new Date(row.changed_at).toISOString(),
    changedBy: row.changed_by,
    before: row.before as Partial<CatalogueProduct> | null,
    after: row.after as Partial<CatalogueProduct>,
  }));
}

export type ProductPhotoChange = { ok: true } | { ok: false; reason: string };

/**
 * A change of a product's photos (packages/db/src/product-photos.ts) saved as any other change of
 * the product: only while it is still at `version`, which it then moves on, recorded with before
 * and after. `apply` runs in the transaction, after the product row is locked; a reason it returns
 * rolls everything back and is answered as is.
 */
export async function saveProductPhotoChange<Reason extends string>(
  db: Kysely<Database>,
  id: number,
  version: number,
  by: string,
  apply: (trx: Transaction<Database>) => Promise<Reason | undefined>,
): Promise<{ ok: true; product: CatalogueProduct } | { ok: false; reason: 'not-found' | 'conflict' | Reason }> {
  class Refused extends Error {
    constructor(readonly reason: Reason) {
      super(reason);
    }
  }
  try {
    return await db.transaction().execute((trx) =>
      saveAtVersion(trx, id, version, by, {}, async () => {
        const refused = await apply(trx);
        if (refused !== undefined) throw new Refused(refused);
      }),
    );
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}
