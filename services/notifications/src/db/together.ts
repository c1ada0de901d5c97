import type { Db } from '@pickles/db';

/**
 * One statement at a time for `run`; requests that arrive meanwhile, or in the same turn of the
 * event loop, are run together next. Each request gets its own result, or the statement's error.
 * Under a backlog dozens of jobs share one statement, one round trip and one commit, which is where
 * the worker and PostgreSQL spent their time; when orders come one at a time, the two
 * e-mails of an order, whose SMTP answers arrive in the same turn, still share theirs.
 */
export function together<T, R>(run: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  let waiting: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let busy = false;
  const drain = async () => {
    while (waiting.length) {
      const batch = waiting;
      waiting = [];
      try {
        const results = await run(batch.map((entry) => entry.item));
        batch.forEach((entry, index) => entry.resolve(results[index]!));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    busy = false;
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (busy) return;
      busy = true;
      // At the end of this turn of the event loop: requests made side by side, and those of other
      // sockets read in the same turn (the other e-mail's SMTP answer), share the statement.
      setImmediate(() => void drain());
    });
}

/** One batched statement per database handle (each test and each replica has its own pool). */
export function perDb<S>(make: (db: Db) => S): (db: Db) => S {
  const made = new WeakMap<Db, S>();
  return (db) => {
    let found = made.get(db);
    if (!found) {
      found = make(db);
      made.set(db, found);
    }
    return found;
  };
}
