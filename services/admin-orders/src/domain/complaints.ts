import type { Db } from '@pickles/db';
import type { AdminComplaint, AdminComplaintsResponse } from '@pickles/shared';
import type { ComplaintListState } from '@pickles/shared/complaints';
import { acknowledgeComplaint, listComplaints, resolveComplaint } from '../db/complaints.js';
import { databaseNow } from '../db/orders.js';

/** The complaints under one tab and the counts of all; late ones judged by the database's clock, which stamped the deadlines. */
export async function complaintsTab(db: Db, state: ComplaintListState): Promise<Omit<AdminComplaintsResponse, 'success'>> {
  const asOf = await databaseNow(db);
  const list = await listComplaints(db, state, new Date(asOf));
  return { asOf, ...list };
}

/** The shopper is told the complaint is being looked into (once), in one transaction with its event; an unknown one is a 404. */
export function acknowledgeShopperComplaint(db: Db, id: string, by: string): Promise<AdminComplaint> {
  return db.transaction().execute((trx) => acknowledgeComplaint(trx, id, by));
}

/** Closes the complaint with its resolution, e-mailed to the shopper; 404 unknown, 409 already resolved. */
export function resolveShopperComplaint(db: Db, id: string, resolution: string, by: string): Promise<AdminComplaint> {
  return db.transaction().execute((trx) => resolveComplaint(trx, id, resolution, by));
}
