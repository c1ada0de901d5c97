import { sql, type RawBuilder } from 'kysely';
import { awaitingDispatch } from '@pickles/db';
import type { AdminOrderFilter, AdminSortField } from '@pickles/shared';

type Condition = RawBuilder<unknown>;

/** `%text%` for LIKE, with LIKE's own wildcards in the text matched literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The panel's filter as one SQL condition over `orders` (docs/product.md §5): exact status and payment
 * status; substring pincode; case-insensitive substring city, state and free text (trigram GIN
 * indexes on lower(city), lower(state), pincode and search_text); dateFrom/dateTo are whole India
 * days, both inclusive; `dispatch: 'waiting'` keeps the orders awaiting dispatch.
 */
export function filterCondition(filter: AdminOrderFilter): Condition {
  const conditions: Condition[] = [];
  if (filter.status) conditions.push(sql`orders.status = ${filter.status}`);
  if (filter.paymentStatus) conditions.push(sql`orders.payment_status = ${filter.paymentStatus}`);
  if (filter.pincode) conditions.push(sql`orders.pincode like ${containsPattern(filter.pincode)}`);
  if (filter.city) conditions.push(sql`lower(orders.city) like ${containsPattern(filter.city.toLowerCase())}`);
  if (filter.state) conditions.push(sql`lower(orders.state) like ${containsPattern(filter.state.toLowerCase())}`);
  if (filter.search) conditions.push(sql`orders.search_text like ${containsPattern(filter.search.toLowerCase())}`);
  if (filter.dateFrom) conditions.push(sql`orders.created_at >= (${filter.dateFrom}::date::timestamp at time zone 'Asia/Kolkata')`);
  if (filter.dateTo) conditions.push(sql`orders.created_at < ((${filter.dateTo}::date + 1)::timestamp at time zone 'Asia/Kolkata')`);
  if (filter.dispatch === 'waiting') conditions.push(awaitingDispatch('orders'));
  return conditions.length ? sql`(${sql.join(conditions, sql` and `)})` : sql`true`;
}

const SORT_COLUMNS: Record<AdminSortField, string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  amount: 'amount_paise',
  paidAt: 'paid_at',
};

/**
 * Dates sort as dates, amount by value; orders never paid sort last either way. The id tie-break
 * runs opposite to the sort so the (column desc, id) indexes serve both directions (migration 002
 * adds the nulls-last one for paidAt desc).
 */
export function orderByClause(field: AdminSortField, dir: 'asc' | 'desc'): Condition {
  const column = sql.ref(`orders.${SORT_COLUMNS[field]}`);
  const nulls = field === 'paidAt' ? sql` nulls last` : sql``;
  return dir === 'asc' ? sql`${column} asc${nulls}, orders.id desc` : sql`${column} desc${nulls}, orders.id asc`;
}
