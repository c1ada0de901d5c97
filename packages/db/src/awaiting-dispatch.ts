import { sql, type RawBuilder } from 'kysely';

/**
 * A paid order the owner has still to ship: paid, its payment paid, and no dispatch recorded. An
 * order moved on (delivered, cancelled) or refunded in full is not waiting. The one place this is
 * decided: the owner's daily list (notifications) and the panel's "To dispatch" view (admin-orders)
 * both ask it. `order` is the SQL name of the orders table in the query ('orders', 'o').
 */
export function awaitingDispatch(order: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${order}.${name}`);
  return sql<boolean>`(${column('status')} = 'paid' and ${column('payment_status')} = 'paid'
    and not exists (select 1 from order_dispatches d where d.order_id = ${column('id')}))`;
}
