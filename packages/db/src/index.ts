export * from './schema.js';
export * from './create-db.js';
export * from './migrate.js';
export * from './outbox.js';
export * from './search-text.js';
export * from './ping.js';
export { sql } from 'kysely';
export type { Kysely, Transaction } from 'kysely';
export * from './stock.js';
