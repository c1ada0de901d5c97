import { z } from 'zod';
import { PRODUCTS, type Product } from './catalogue.js';

/**
 * Batch stock as the shopper and the owner see it (decision 012). The catalogue keeps
 * names, prices and pictures; whether a product is on sale and how many jars are left come from
 * the server at run time (GET /api/catalogue/availability), so the owner launches a product or
 * starts a batch without a build.
 */

/** "Only N left" shows at or under this many jars. */
export const LOW_STOCK_THRESHOLD = 10;

export type ProductSaleState = 'on-sale' | 'coming-soon' | 'sold-out';

export interface ProductAvailability {
  productId: number;
  state: ProductSaleState;
  /** Jars a shopper may still buy; null when the owner set no batch limit. 0 when sold out. */
  left: number | null;
  /** 'YYYY-MM-DD' (India date) of the next batch, when the owner gave one. */
  nextBatchDate: string | null;
}

/** What a product's stock row says, as the server reads it (packages/db/src/stock.ts). */
export interface StockFigures {
  productId: number;
  state: 'on-sale' | 'coming-soon';
  batchJars: number | null;
  reserved: number;
  sold: number;
  nextBatchDate: string | null;
}

export function jarsLeft(stock: Pick<StockFigures, 'batchJars' | 'reserved' | 'sold'>): number | null {
  return stock.batchJars === null ? null : Math.max(0, stock.batchJars - stock.reserved - stock.sold);
}

export function toAvailability(stock: StockFigures): ProductAvailability {
  const left = jarsLeft(stock);
  const state: ProductSaleState = stock.state === 'coming-soon' ? 'coming-soon' : left === 0 ? 'sold-out' : 'on-sale';
  return { productId: stock.productId, state, left: stock.state === 'coming-soon' ? 0 : left, nextBatchDate: stock.nextBatchDate };
}

/**
 * What the shop shows before the server has answered (the prerendered pages): the catalogue's own
 * flag, no limit. The live answer replaces it in place, in the same space.
 */
export function catalogueAvailability(product: Product): ProductAvailability {
  return { productId: product.id, state: product.coming_soon ? 'coming-soon' : 'on-sale', left: product.coming_soon ? 0 : null, nextBatchDate: null };
}

/** The most of one product a cart may hold now: the batch's jars left, capped by the per-line limit. */
export function maxPurchasable(availability: ProductAvailability, perLineLimit: number): number {
  if (availability.state !== 'on-sale') return 0;
  return availability.left === null ? perLineLimit : Math.min(perLineLimit, availability.left);
}

/** '30 Nov 2026' for a 'YYYY-MM-DD' India date. */
export function formatBatchDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

export const STOCK_MESSAGES = {
  onlyLeft: (left: number) => `Only ${left} left`,
  soldOut: (nextBatchDate: string | null) => (nextBatchDate ? `Sold out - next batch on ${formatBatchDate(nextBatchDate)}` : 'Sold out'),
  /** Shown when the cart already holds every jar the batch has left. */
  cartAtLimit: (name: string, left: number) => `Only ${left} ${left === 1 ? 'jar' : 'jars'} of ${name} ${left === 1 ? 'is' : 'are'} left in this batch`,
  /** create-order's 409, per product, before the shopper pays. */
  refused: (name: string, availability: ProductAvailability) =>
    availability.state === 'coming-soon'
      ? `${name} is not on sale yet. Please remove it from your cart.`
      : availability.state === 'sold-out' || !availability.left
        ? `${name} sold out before you paid${availability.nextBatchDate ? ` (next batch on ${formatBatchDate(availability.nextBatchDate)})` : ''}. Please remove it from your cart.`
        : `Only ${availability.left} ${availability.left === 1 ? 'jar' : 'jars'} of ${name} ${availability.left === 1 ? 'is' : 'are'} left. Please reduce the quantity in your cart.`,
  batchTooSmall: (committed: number) => `${committed} ${committed === 1 ? 'jar is' : 'jars are'} already reserved or sold in this batch: the batch cannot hold fewer`,
  unknownProduct: 'No product with that id',
} as const;

/** PUT /api/admin/stock/{productId}: the owner's batch settings. */
export const productStockUpdateSchema = z.object({
  state: z.enum(['on-sale', 'coming-soon'], { error: 'state must be on-sale or coming-soon' }),
  /** Jars in the current batch; null for no limit. */
  batchJars: z.number({ error: 'Enter the number of jars in this batch (a whole number), or leave it empty for no limit' }).int().min(0).max(100_000).nullable(),
  nextBatchDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Next batch date must be a date (YYYY-MM-DD)' })
    // Date.parse rolls 31 Feb over to 3 Mar (PostgreSQL refuses it): the day must come back as written.
    .refine((value) => value >= '2000-01-01' && new Date(Date.parse(`${value}T00:00:00Z`) || 0).toISOString().startsWith(value), { error: 'Next batch date must be a real date' })
    .nullable(),
  /** A new batch: the sold count starts again from 0 (what is reserved stays reserved). */
  newBatch: z.boolean().default(false),
});
export type ProductStockUpdate = z.input<typeof productStockUpdateSchema>;

/** Products whose stock rows the services make sure exist (new catalogue products start as the catalogue says). */
export const STOCKED_PRODUCTS = PRODUCTS.map((product) => ({ productId: product.id, comingSoon: product.coming_soon }));
