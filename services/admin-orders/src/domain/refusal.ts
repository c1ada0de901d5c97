import type { Database, Db, Transaction } from '@pickles/db';

/** A refusal raised inside a transaction: it rolls back what the transaction wrote, then is the use case's answer. */
class Refused<F> extends Error {
  constructor(readonly refusal: F) {
    super('refused');
  }
}

/**
 * Runs `work` in one transaction. `refuse(refusal)` rolls back everything it wrote and makes that
 * refusal the answer (the handler turns it into its HTTP answer); anything else thrown stays an error.
 */
export async function inTransaction<T, F>(db: Db, work: (trx: Transaction<Database>, refuse: (refusal: F) => never) => Promise<T>): Promise<T | F> {
  const refuse = (refusal: F): never => {
    throw new Refused(refusal);
  };
  try {
    return await db.transaction().execute((trx) => work(trx, refuse));
  } catch (error) {
    if (error instanceof Refused) return error.refusal as F;
    throw error;
  }
}
