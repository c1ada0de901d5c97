import { createDb, type Db } from '@pickles/db';
import { createTestDatabase } from '@pickles/test-kit';

/**
 * A freshly migrated database for one test file. The refund submitter claims every due request in
 * its database, so it must not share one with other files' tests (admin-orders creates requests
 * for payments this file's sandbox has never heard of, which it would mark refused).
 */
export async function privateDatabase(): Promise<{ url: string; db: () => Db; drop: () => Promise<void> }> {
  const database = await createTestDatabase();
  return { url: database.url, db: () => createDb({ connectionString: database.url, max: 4 }), drop: database.drop };
}
