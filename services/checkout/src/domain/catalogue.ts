import { readCatalogue, readPhotoVariant, readStock, type Db } from '@pickles/db';
import { toStorefrontProduct, type CatalogueAvailabilityResponse, type CatalogueResponse } from '@pickles/shared';
import type { parsePhotoFileName } from '@pickles/shared/product-photos';
import { toAvailability } from '@pickles/shared/stock';

/**
 * The storefront's products as the owner saved them (decision 024), archived ones left out; coming
 * soon is the batch stock's state (decision 012), a product without a stock row being not on sale,
 * as create-order treats it.
 */
export async function storefrontCatalogue(db: Db): Promise<CatalogueResponse> {
  const [products, stock] = await Promise.all([readCatalogue(db), readStock(db)]);
  const onSale = new Set(stock.filter((row) => row.state === 'on-sale').map((row) => row.productId));
  return { success: true, products: products.map((product) => toStorefrontProduct(product, !onSale.has(product.id))) };
}

/**
 * Every catalogue product's sale state and jars left, read live from the batch stock (decision 012).
 * A product without a stock row is shown as create-order would treat it: not on sale.
 */
export async function catalogueAvailability(db: Db, now: Date): Promise<CatalogueAvailabilityResponse> {
  const [products, rows] = await Promise.all([readCatalogue(db), readStock(db)]);
  const stock = new Map(rows.map((row) => [row.productId, row]));
  return {
    success: true,
    asOf: now.toISOString(),
    products: products.map((product) =>
      toAvailability(stock.get(product.id) ?? { productId: product.id, state: 'coming-soon', batchJars: null, reserved: 0, sold: 0, nextBatchDate: null }),
    ),
  };
}

/** The bytes of one variant of a product photo (decision 027), from PostgreSQL; undefined when it holds none. */
export async function productPhotoVariant(db: Db, variant: NonNullable<ReturnType<typeof parsePhotoFileName>>): Promise<Buffer | undefined> {
  return readPhotoVariant(db, variant.id, variant.width, variant.format);
}
