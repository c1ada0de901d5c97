import { ensureStockRows, readProducts, setBatch, tellSubscribersOfOpening, type Db } from '@pickles/db';
import type { AdminProductStock } from '@pickles/shared';
import { STOCKED_PRODUCTS } from '@pickles/shared/stock';
import { listProductStock } from '../db/stock.js';
import { inTransaction } from './refusal.js';

/** Every catalogue product's batch, reserved, sold and jars left (decision 012); a product new to the catalogue as the catalogue says until first saved. */
export async function batchStock(db: Db): Promise<AdminProductStock[]> {
  await ensureStockRows(db, STOCKED_PRODUCTS);
  return listProductStock(db);
}

/** The owner's batch settings for one product. */
export interface BatchSettings {
  state: 'on-sale' | 'coming-soon';
  batchJars: number | null;
  nextBatchDate: string | null;
  newBatch: boolean;
}

export type BatchSave =
  | { kind: 'unknown-product' }
  /** Smaller than the jars already reserved and sold: how many those are. Nothing saved. */
  | { kind: 'too-small'; committed: number }
  /** Saved; `told`: the confirmed subscribers told of the batch it opened (0 when it opened none). */
  | { kind: 'saved'; productId: number; newBatch: boolean; stock: AdminProductStock; told: number };

/**
 * The owner launches a product, sets this week's batch or starts a new one, in one transaction. A
 * batch that opens (on sale with jars, having had none, or a new batch) tells its confirmed
 * subscribers once, in the same transaction (decision 029). `settings` is read only for a product
 * the catalogue has (an unknown product is refused before its body is looked at).
 */
export async function saveBatch(db: Db, productId: number | undefined, settings: () => BatchSettings, updatedBy: string): Promise<BatchSave> {
  const product = productId === undefined ? undefined : (await readProducts(db, [productId])).get(productId);
  if (!product || product.archived) return { kind: 'unknown-product' };
  const update = settings();
  return inTransaction<BatchSave, BatchSave>(db, async (trx, refuse) => {
    const result = await setBatch(trx, product.id, update, updatedBy);
    if (!result.ok) return refuse({ kind: 'too-small', committed: result.committed });
    const told = result.opened ? await tellSubscribersOfOpening(trx, product.id, result.stock.batchJars) : 0;
    return { kind: 'saved', productId: product.id, newBatch: update.newBatch, stock: (await listProductStock(trx, [product.id]))[0]!, told };
  });
}
