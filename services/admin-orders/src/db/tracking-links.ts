import { sql, type Db } from '@pickles/db';

/**
 * Revokes an order's signed tracking links (checkout opens only links of the order's current
 * version): every link in the e-mails sent so far stops opening the order and its invoice; e-mails
 * sent from now on carry the new version; the tracking form with the phone or e-mail still works.
 * The new version, or undefined for an order number the shop does not have.
 */
export async function revokeTrackingLinks(db: Db, orderNumber: string): Promise<number | undefined> {
  const { rows } = await sql<{ tracking_link_version: number }>`
    update orders set tracking_link_version = tracking_link_version + 1, updated_at = now()
    where order_number = ${orderNumber.trim().toUpperCase()}
    returning tracking_link_version`.execute(db);
  return rows[0]?.tracking_link_version;
}
