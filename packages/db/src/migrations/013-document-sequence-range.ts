import { sql, type Kysely } from 'kysely';

/**
 * A tax document's number is now written by PostgreSQL in the statement that takes it
 * from the counter (series + the sequence left-padded to six digits; services/payments
 * tax-documents.ts), so the payment settles in one round trip. PostgreSQL's lpad cuts a longer
 * value short instead of failing, so the range that @pickles/shared's documentNumber enforces (a
 * million documents a year, 16 characters a number) is a constraint here too: a seven-digit
 * sequence is refused, never printed as another document's number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tax_documents add constraint tax_documents_sequence_fits check (sequence <= 999999)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tax_documents drop constraint if exists tax_documents_sequence_fits`.execute(db);
}
