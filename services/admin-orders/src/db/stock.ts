import { countSubscribers, readCatalogue, type Db, type Database, type Transaction } from '@pickles/db';
import type { AdminProductStock } from '@pickles/shared';
import { jarsLeft } from '@pickles/shared/stock';

type Handle = Db | Transaction<Database>;

/**
 * The owner's view of the batch stock: the figures with who changed them last. Only read here;
 * every write goes through @pickles/db's stock.ts (setBatch).
 */
export async function listProductStock(handle: Handle, only?: readonly number[]): Promise<AdminProductStock[]> {
  // The catalogue's products on the storefront, in its order (decision 024).
  const catalogue = await readCatalogue(handle);
  const productIds = only ?? catalogue.map((product) => product.id);
  if (!productIds.length) return [];
  const rows = await handle
    .selectFrom('product_stock')
    .select(['product_id', 'state', 'batch_jars', 'reserved', 'sold', 'next_batch_date', 'updated_at', 'updated_by'])
    .where('product_id', 'in', productIds)
    .execute();
  const byId = new Map(rows.map((row) => [row.product_id, row]));
  const subscribers = await countSubscribers(handle, productIds);
  return productIds.flatMap((productId) => {
    const row = byId.get(productId);
    const product = catalogue.find((candidate) => candidate.id === productId);
    if (!row || !product) return [];
    return [
      {
        productId,
        name: product.name,
        state: row.state,
        batchJars: row.batch_jars,
        reserved: row.reserved,
        sold: row.sold,
        left: jarsLeft({ batchJars: row.batch_jars, reserved: row.reserved, sold: row.sold }),
        nextBatchDate: row.next_batch_date,
        updatedAt: new Date(row.updated_at).toISOString(),
        updatedBy: row.updated_by,
        subscribers: subscribers.get(productId) ?? { waiting: 0, toldAtLastOpening: 0 },
      },
    ];
  });
}
