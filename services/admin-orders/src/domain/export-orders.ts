import type { Db } from '@pickles/db';
import { streamExportLines } from '../db/export-lines.js';

/**
 * Every order matching the owner's filter (all orders without one), in the chosen sort, as NDJSON
 * lines of AdminOrder made by PostgreSQL from the one definition of the shape (decision 036). `write`
 * is awaited for backpressure; throwing from it (the owner went away) stops the cursor.
 */
export function exportOrders(db: Db, query: Parameters<typeof streamExportLines>[1], write: (text: string) => Promise<void>): Promise<void> {
  return streamExportLines(db, query, write);
}
