import { sql, type Kysely } from 'kysely';

/**
 * The panel's search finds an order by its date as the panel shows it ('5/11/2026', India's day)
 * or as people type it ('05/11/2026'): new orders get both in search_text (search-text.ts); this adds
 * them to the orders already there. An order whose personal data was erased keeps only its number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update orders set search_text = search_text
      || ' ' || chr(31) || ' ' || to_char(created_at at time zone 'Asia/Kolkata', 'FMDD/FMMM/YYYY')
      || case when to_char(created_at at time zone 'Asia/Kolkata', 'FMDD/FMMM/YYYY') = to_char(created_at at time zone 'Asia/Kolkata', 'DD/MM/YYYY') then ''
         else ' ' || chr(31) || ' ' || to_char(created_at at time zone 'Asia/Kolkata', 'DD/MM/YYYY') end
    where personal_data_erased_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update orders set search_text = regexp_replace(search_text, ' ' || chr(31) || ' [0-9]{1,2}/[0-9]{1,2}/[0-9]{4}', '', 'g')`.execute(db);
}
