import { sql, type Kysely } from 'kysely';

/**
 * GST tax invoices and credit notes (packages/invoices/README.md):
 * - tax_documents: every invoice and credit note as issued — its number, the figures, and copies of
 *   the seller and the recipient at issue time, so the PDF is rendered again byte for byte however
 *   the shop's address or the order changes later. No foreign key to orders: an archived order's
 *   invoice is kept (tax records live eight years). Never updated or deleted (a trigger refuses it):
 *   a mistake is corrected with a credit note, as GST requires.
 * - tax_document_counters: the last number of each series (kind, financial year). payments takes
 *   the next one with an upsert in the transaction that marks the order paid (or the refund
 *   processed): the counter's row stays locked until that commits, and a rollback gives the number
 *   back, so numbers are consecutive with no gap or duplicate under concurrency or crashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tax_document_counters (
      kind text not null check (kind in ('invoice','credit-note')),
      financial_year text not null,
      last_sequence integer not null check (last_sequence > 0),
      primary key (kind, financial_year)
    )`.execute(db);

  await sql`
    create table tax_documents (
      id uuid primary key default gen_random_uuid(),
      kind text not null check (kind in ('invoice','credit-note')),
      number text not null unique check (char_length(number) <= 16),
      financial_year text not null,
      sequence integer not null check (sequence > 0),
      order_id uuid not null,
      order_number text not null,
      -- The payment an invoice was paid with; a credit note's refund and the invoice it credits.
      razorpay_payment_id text not null,
      razorpay_refund_id text unique,
      invoice_id uuid references tax_documents(id),
      issued_at timestamptz not null,
      -- Null when the state the shopper typed was not recognised (the name is then kept as typed).
      place_of_supply_code text,
      place_of_supply_name text not null,
      supply text not null check (supply in ('intra-state','inter-state')),
      figures jsonb not null,
      seller jsonb not null,
      recipient jsonb not null,
      unique (kind, financial_year, sequence),
      check ((kind = 'invoice') = (razorpay_refund_id is null and invoice_id is null))
    )`.execute(db);
  await sql`create unique index tax_documents_one_invoice_per_order on tax_documents (order_id) where kind = 'invoice'`.execute(db);
  await sql`create index tax_documents_order_idx on tax_documents (order_id, issued_at)`.execute(db);
  await sql`create index tax_documents_issued_idx on tax_documents (issued_at)`.execute(db);

  await sql`
    create function tax_documents_are_final() returns trigger language plpgsql as $$
    begin
      raise exception 'tax documents are never changed or deleted: issue a credit note instead';
    end $$`.execute(db);
  await sql`create trigger tax_documents_final before update or delete on tax_documents for each row execute function tax_documents_are_final()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists tax_documents`.execute(db);
  await sql`drop function if exists tax_documents_are_final()`.execute(db);
  await sql`drop table if exists tax_document_counters`.execute(db);
}
