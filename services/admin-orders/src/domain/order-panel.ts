import type { Db } from '@pickles/db';
import { findInvoice, findOrderDocument, renderTaxDocumentPdf, type TaxDocument } from '@pickles/invoices';
import type { AdminOrderDetailResponse, AdminOrderFilter, AdminOrdersResponse, AdminSettableStatus, OrderHistoryEntry } from '@pickles/shared';
import { listOpenAttention, resolveAttention } from '../db/attention.js';
import { orderDetail, type DetailCourier } from '../db/order-detail.js';
import { databaseNow, listOrders, orderCards, orderExists, orderHistory, orderIdsAsOf, type ListOptions } from '../db/orders.js';

export type { DetailCourier };

/**
 * One page of the orders matching the filter, the filter's total, the cards and the open payment
 * problems. `asOf` is the database's clock (it stamps updated_at), read before the list: a bulk
 * action on this answer never touches an order changed after it.
 */
export async function orderPanelPage(db: Db, options: ListOptions): Promise<Omit<AdminOrdersResponse, 'success' | 'page' | 'pageSize'>> {
  const asOf = await databaseNow(db);
  const [list, cards, attention] = await Promise.all([listOrders(db, options), orderCards(db), listOpenAttention(db)]);
  return { orders: list.orders, total: list.total, cards, asOf, attention };
}

/** The ids of the orders matching the filter unchanged since `asOf` (the bulk actions' list); see orderIdsAsOf. */
export function orderIdsOfList(db: Db, filter: AdminOrderFilter, asOf: Date, only: { removable?: boolean; settableTo?: AdminSettableStatus }): Promise<string[]> {
  return orderIdsAsOf(db, filter, asOf, only);
}

/** The order page; undefined for an unknown or archived order. */
export function orderPage(db: Db, id: string, courier?: DetailCourier): Promise<Omit<AdminOrderDetailResponse, 'success'> | undefined> {
  return orderDetail(db, id, courier);
}

/** Who changed the order's status, when, from and to; undefined for an unknown order. */
export async function orderStatusHistory(db: Db, id: string): Promise<OrderHistoryEntry[] | undefined> {
  if (!(await orderExists(db, id))) return undefined;
  return orderHistory(db, id);
}

/** The owner has dealt with a payment problem: the open item closed, and its order; undefined when no open item has the id. */
export function resolvePaymentAttention(db: Db, id: string, resolvedBy: string): Promise<{ orderId: string | null; orderNumber: string | null } | undefined> {
  return resolveAttention(db, id, resolvedBy);
}

/** A stored tax document and its PDF, rendered from it: the same bytes as on the day it was issued. */
export type RenderedDocument = { document: TaxDocument; pdf: Buffer };

async function rendered(document: TaxDocument | undefined): Promise<RenderedDocument | undefined> {
  return document && { document, pdf: await renderTaxDocumentPdf(document) };
}

/** The order's GST tax invoice as a PDF (an archived order's too: tax records stay); undefined when it has none. */
export async function invoicePdf(db: Db, orderId: string): Promise<RenderedDocument | undefined> {
  return rendered(await findInvoice(db, orderId));
}

/** One of the order's credit notes as a PDF, by its number (`RPC/...`); undefined when the order has no such note. */
export async function creditNotePdf(db: Db, orderId: string, number: string): Promise<RenderedDocument | undefined> {
  return rendered(await findOrderDocument(db, orderId, number));
}
