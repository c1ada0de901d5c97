/**
 * The bulk calls (ids of every matching order, batch update, remove) may cover tens of thousands of
 * orders in one server transaction, which can outlast the usual 30 s on a small server.
 */
export const BULK_TIMEOUT_MS = 300_000;
