import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, sql, type Db } from '@pickles/db';
import { findInvoice, renderTaxDocumentPdf } from '@pickles/invoices';
import { submitRefundsOnce } from '@pickles/payments/refund-submitter';
import { settlePayment, settlePaymentInTransaction, type SettleRequest } from '@pickles/payments/settle-payment';
import { issueCreditNote, issueInvoice } from '@pickles/invoices';
import { checkInvoicesOnce } from '@pickles/payments/invoice-check';
import { DEMO_TRACKING_LINK_SECRET, trackingToken } from '@pickles/service-kit';
import type { AdminOrderDetailResponse } from '@pickles/shared';
import { financialYear } from '@pickles/shared/gst';
import { eventually, insertOrder, type OwnDatabase, type RunningApp, useOwnDatabase } from '@pickles/test-kit';
import { pdfText } from '../../packages/invoices/test/read-pdf.js';
import { silentLogger, startShopBehindGateway, type PurchaseHarness } from './purchase/harness.js';

/**
 * GST tax invoices and credit notes, with the real purchase path around them (checkout,
 * the Razorpay sandbox's webhooks, payments, the refund submitter), the owner's downloads through
 * the gateway and the shopper's signed link. Numbers are checked across the whole series, so this
 * file has a database of its own: no other file's invoices take numbers from it.
 */
let h: PurchaseHarness;
let database: OwnDatabase;
/** A pool big enough for 200 settles to run at once. */
let pool: Db;
let gateway: RunningApp;
let token: string;
let closeShop: () => Promise<void>;

beforeAll(async () => {
  database = await useOwnDatabase();
  ({ h, gateway, token, close: closeShop } = await startShopBehindGateway('invoices'));
  pool = createDb({ connectionString: database.url, max: 25 });
}, 60_000);

afterAll(async () => {
  await pool?.destroy();
  await closeShop?.();
  await database?.release();
});

const documents = (orderId: string) =>
  h.db
    .selectFrom('tax_documents')
    .select(['id', 'kind', 'number', 'financial_year', 'sequence', 'issued_at', 'invoice_id', 'razorpay_refund_id', 'place_of_supply_code', 'supply', sql<number>`(figures->'totals'->>'grossPaise')::int`.as('gross')])
    .where('order_id', '=', orderId)
    // The invoice first, then its credit notes.
    .orderBy(sql`kind = 'invoice'`, 'desc')
    .orderBy('sequence')
    .execute();

/** Every sequence of a series, in order. */
const series = async (kind: 'invoice' | 'credit-note', year: string) =>
  (await h.db.selectFrom('tax_documents').select('sequence').where('kind', '=', kind).where('financial_year', '=', year).orderBy('sequence').execute()).map((row) => row.sequence);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

async function download(pathAndQuery: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${gateway.url}${pathAndQuery}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}
const asOwner = () => ({ authorization: `Bearer ${token}` });
const orderPage = async (orderId: string) => (await fetch(`${gateway.url}/api/admin/orders/${orderId}`, { headers: asOwner() })).json() as Promise<AdminOrderDetailResponse>;

/** A shopper's order, placed through checkout and paid in the sandbox (the purchase harness's). */
const paidOrder = () => h.paidOrder();

describe('the tax invoice of a paid order', () => {
  it('is issued in the transaction that marks the order paid, and the owner and the shopper download the same PDF', async () => {
    const order = await paidOrder();
    const [invoice, ...others] = await documents(order.id);
    expect(others).toEqual([]);
    const year = financialYear(order.paidAt);
    expect(invoice).toMatchObject({ kind: 'invoice', financial_year: year.label, place_of_supply_code: '29', supply: 'inter-state', gross: order.amountPaise });
    expect(invoice!.number).toBe(`RP/${year.short}/${String(invoice!.sequence).padStart(6, '0')}`);
    // The same transaction: the invoice's date is the moment the order was paid.
    expect(new Date(invoice!.issued_at)).toEqual(new Date(order.paidAt));

    const detail = await orderPage(order.id);
    expect(detail.invoice).toEqual({ number: invoice!.number, issuedAt: new Date(invoice!.issued_at).toISOString(), amount: order.amountPaise / 100, downloadPath: `/api/admin/orders/${order.id}/invoice.pdf` });
    expect(detail.creditNotes).toEqual([]);

    const owners = await download(detail.invoice!.downloadPath, asOwner());
    expect(owners.status).toBe(200);
    expect(owners.headers.get('content-type')).toBe('application/pdf');
    expect(owners.headers.get('content-disposition')).toBe(`attachment; filename="${invoice!.number.replaceAll('/', '-')}.pdf"`);
    const { text } = await pdfText(owners.bytes);
    for (const field of ['Tax Invoice', `Invoice number: ${invoice!.number}`, `Order number: ${order.orderNumber}`, 'Meera Iyer', 'State: Karnataka, code 29', 'Place of supply: Karnataka (29)', 'IGST', 'GSTIN: 07AAAAA0000A1Z5']) {
      expect(text).toContain(field);
    }
    // Rendered again from what was stored: byte for byte the same, for the owner and for the shopper.
    expect((await download(detail.invoice!.downloadPath, asOwner())).bytes.equals(owners.bytes)).toBe(true);
    expect((await renderTaxDocumentPdf((await findInvoice(h.db, order.id))!)).equals(owners.bytes)).toBe(true);
    const link = `/api/track/invoice?order=${order.orderNumber}&t=${trackingToken(DEMO_TRACKING_LINK_SECRET, order.orderNumber)}`;
    const shoppers = await download(link);
    expect(shoppers.status).toBe(200);
    expect(shoppers.headers.get('content-disposition')).toBe(owners.headers.get('content-disposition'));
    expect(shoppers.bytes.equals(owners.bytes)).toBe(true);
  });

  it("taxes each item at the HSN and rate it was sold at, though the owner changes the product's before the payment lands", async () => {
    // Sold at neither the environment's class (1602 at 12%) nor the product's class when paid.
    const changeTaxClass = (hsn: string, rate: number) => h.db.updateTable('products').set({ hsn, gst_rate_percent: rate }).where('id', '=', 1).execute();
    await changeTaxClass('1605', 5);
    try {
      const created = await h.createOrder();
      await changeTaxClass('2001', 18);
      await h.pay(created.razorpayOrderId);
      const order = await eventually(async () => {
        const row = await h.order(created.orderNumber);
        return row.payment_status === 'paid' ? row : undefined;
      });
      await h.drained();
      const invoice = await findInvoice(h.db, order.id);
      expect(invoice!.figures.lines.map((line) => [line.description, line.hsn, line.ratePercent])).toEqual([
        ['Royal Chicken Pickle', '1605', 5],
        ['Shipping and handling', '1605', 5],
      ]);
    } finally {
      await changeTaxClass('1602', 12);
    }
  });

  it('is not found with a bad link, for an order not paid, or without the admin token', async () => {
    const order = await paidOrder();
    const unknown = await fetch(`${gateway.url}/api/track?order=RP000000-NONE&t=${trackingToken(DEMO_TRACKING_LINK_SECRET, 'RP000000-NONE')}`);
    const notFound = await unknown.text();
    expect(unknown.status).toBe(404);
    const unpaid = await h.createOrder();
    for (const link of [
      `/api/track/invoice?order=${order.orderNumber}&t=${trackingToken('another-secret-another-secret', order.orderNumber)}`,
      `/api/track/invoice?order=${order.orderNumber}&t=${trackingToken(DEMO_TRACKING_LINK_SECRET, unpaid.orderNumber)}`,
      `/api/track/invoice?order=${order.orderNumber}`,
      `/api/track/invoice?order=${unpaid.orderNumber}&t=${trackingToken(DEMO_TRACKING_LINK_SECRET, unpaid.orderNumber)}`,
    ]) {
      const answer = await download(link);
      expect(answer.status, link).toBe(404);
      expect(answer.bytes.toString(), link).toBe(notFound);
    }
    expect((await download(`/api/admin/orders/${order.id}/invoice.pdf`)).status).toBe(401);
    const unpaidId = (await h.order(unpaid.orderNumber)).id;
    expect((await download(`/api/admin/orders/${unpaidId}/invoice.pdf`, asOwner())).status).toBe(404);
    expect((await download(`/api/admin/orders/${randomUUID()}/invoice.pdf`, asOwner())).status).toBe(404);
  });
});

describe('credit notes', () => {
  it('one per processed refund, in a series of their own, crediting the invoice; downloadable by the owner', async () => {
    const order = await paidOrder();
    const refund = async (amountPaise: number) => {
      await h.db
        .insertInto('refund_requests')
        .values({ order_id: order.id, razorpay_payment_id: order.paymentId, amount_paise: amountPaise, reason: 'Jar broke in transit', requested_by: 'admin', client_key: randomUUID() })
        .execute();
      expect((await submitRefundsOnce({ db: h.db, razorpay: h.razorpay, logger: silentLogger, relay: h.relay })).submitted).toBe(1);
      // Razorpay's refund.processed webhook follows the submitter's answer: it must not credit twice.
      await h.drained();
    };
    const before = await series('credit-note', financialYear(new Date()).label);
    await refund(20_000);
    await refund(order.amountPaise - 20_000);

    const [invoice, first, second, ...more] = await documents(order.id);
    expect(more).toEqual([]);
    expect(first).toMatchObject({ kind: 'credit-note', invoice_id: invoice!.id, gross: 20_000, supply: 'inter-state', place_of_supply_code: '29' });
    expect(second).toMatchObject({ kind: 'credit-note', invoice_id: invoice!.id, gross: order.amountPaise - 20_000 });
    const year = financialYear(new Date(first!.issued_at));
    expect([first!.sequence, second!.sequence]).toEqual([before.length + 1, before.length + 2]);
    // The two notes of the full refund reverse the invoice exactly, to the paisa (decision 019).
    const totals = async (id: string) => (await h.db.selectFrom('tax_documents').select('figures').where('id', '=', id).executeTakeFirstOrThrow()).figures as { totals: Record<string, number> };
    const [invoiced, firstNote, secondNote] = await Promise.all([invoice!.id, first!.id, second!.id].map(totals));
    for (const amount of ['grossPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise', 'taxPaise']) {
      expect(firstNote!.totals[amount]! + secondNote!.totals[amount]!, amount).toBe(invoiced!.totals[amount]);
    }
    expect(first!.number).toBe(`RPC/${year.short}/${String(before.length + 1).padStart(6, '0')}`);

    const detail = await orderPage(order.id);
    const refunds = await h.db.selectFrom('refunds').select(['razorpay_refund_id', 'amount_paise']).where('order_id', '=', order.id).orderBy('created_at').execute();
    expect(detail.creditNotes).toEqual(
      [first!, second!].map((note, index) => ({
        number: note.number,
        issuedAt: new Date(note.issued_at).toISOString(),
        amount: note.gross / 100,
        razorpayRefundId: refunds[index]!.razorpay_refund_id,
        downloadPath: `/api/admin/orders/${order.id}/credit-notes/${note.number.replaceAll('/', '-')}.pdf`,
      })),
    );
    const pdf = await download(detail.creditNotes![0]!.downloadPath, asOwner());
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${first!.number.replaceAll('/', '-')}.pdf"`);
    const { text } = await pdfText(pdf.bytes);
    for (const field of ['Credit Note', `Credit note number: ${first!.number}`, `Original invoice number: ${invoice!.number}`, 'Total credited Rs. 200.00', 'Meera Iyer']) expect(text).toContain(field);
    // The invoice's own number, or another order's note, is not a credit note of this order.
    expect((await download(`/api/admin/orders/${order.id}/credit-notes/${invoice!.number.replaceAll('/', '-')}.pdf`, asOwner())).status).toBe(404);
    expect((await download(`/api/admin/orders/${randomUUID()}/credit-notes/${first!.number.replaceAll('/', '-')}.pdf`, asOwner())).status).toBe(404);
  });
});

describe('every paid order that ships has its tax invoice', () => {
  const ownerSets = async (orderId: string, status: string) =>
    fetch(`${gateway.url}/api/admin/orders/${orderId}/status`, { method: 'PATCH', headers: { ...asOwner(), 'content-type': 'application/json' }, body: JSON.stringify({ status }) });

  it('an order the owner takes back after a late capture is invoiced in that transaction, confirmed to the shopper and in the export', async () => {
    // The shopper's payment fails, the owner cancels the order, then the bank authorises it late.
    h.setKnobs({ lateAuthorisation: true, lateAuthorisationDelayMs: 1_000 });
    let order;
    try {
      const created = await h.createOrder();
      const { paymentId } = await h.pay(created.razorpayOrderId);
      const row = await eventually(async () => ((await h.order(created.orderNumber)).payment_status === 'failed' ? h.order(created.orderNumber) : undefined));
      expect((await ownerSets(row.id, 'cancelled')).status).toBe(200);
      order = { ...created, id: row.id, paymentId };
    } finally {
      h.setKnobs({ lateAuthorisation: false });
    }
    await eventually(async () => (await h.order(order.orderNumber)).payment_status === 'paid');
    await h.drained();
    expect(await h.order(order.orderNumber)).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
    expect(await documents(order.id)).toEqual([]);

    // The attention item says "refund it or take the order back": the owner takes it back.
    const taken = await ownerSets(order.id, 'paid');
    expect(taken.status).toBe(200);
    const [invoice, ...others] = await documents(order.id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({ kind: 'invoice', gross: order.amountPaise, place_of_supply_code: '29' });
    // Issued in the transaction that took it back: the history row and the invoice share its time.
    const history = await h.db.selectFrom('order_status_history').select('changed_at').where('order_id', '=', order.id).where('to_status', '=', 'paid').where('from_status', '=', 'cancelled').executeTakeFirstOrThrow();
    expect(new Date(invoice!.issued_at)).toEqual(new Date(history.changed_at));
    // The shopper gets the order confirmation, the owner's export carries the GST figures.
    const confirmation = await eventually(async () => h.emailsFor(order.orderNumber).find((email) => email.subject.includes('confirmed') && !email.to.includes('owner@royalpickles.in')));
    expect(confirmation.to).toEqual([expect.stringContaining('@example.in')]);
    const exported = await (await fetch(`${gateway.url}/api/admin/orders/export?search=${order.orderNumber}`, { headers: asOwner() })).text();
    expect(JSON.parse(exported.trim().split('\n')[0]!).invoice).toMatchObject({ number: invoice!.number });
    // And it may now ship.
    const dispatched = await fetch(`${gateway.url}/api/admin/orders/${order.id}/dispatch`, { method: 'PUT', headers: { ...asOwner(), 'content-type': 'application/json' }, body: JSON.stringify({ courierId: 'delhivery', awb: 'DL77700001' }) });
    expect(dispatched.status).toBe(200);
  });

  it('the daily check raises one attention item, and one owner e-mail, for a paid order without an invoice', async () => {
    // Paid long before the shop's first invoice: paid before invoicing began, not an omission.
    const beforeInvoicing = await insertOrder(h.db, { status: 'delivered', paymentStatus: 'paid', createdAt: new Date('2020-01-01T00:00:00Z') });
    const invoiced = await paidOrder();
    // Paid since, by a path that forgot its invoice: no tax document.
    const legacy = await insertOrder(h.db, { status: 'delivered', paymentStatus: 'paid' });
    expect(await checkInvoicesOnce(h.db)).toBeGreaterThanOrEqual(1);
    const items = await h.db.selectFrom('payment_attention').select(['kind', 'order_id', 'amount_paise']).where('kind', '=', 'paid-without-invoice').execute();
    expect(items).toContainEqual({ kind: 'paid-without-invoice', order_id: legacy.id, amount_paise: legacy.amountPaise });
    expect(items.map((item) => item.order_id)).not.toContain(invoiced.id);
    expect(items.map((item) => item.order_id)).not.toContain(beforeInvoicing.id);
    await eventually(async () => h.mail.store.list().find((email) => email.subject.startsWith('Payment needs attention') && email.text.includes(legacy.orderNumber)));
    // Again: nothing new.
    expect(await checkInvoicesOnce(h.db)).toBe(0);
    await h.drained();
    expect(h.mail.store.list().filter((email) => email.subject.startsWith('Payment needs attention') && email.text.includes(legacy.orderNumber))).toHaveLength(1);
  });
});

/** An order awaiting payment, as checkout writes it, with a made-up Razorpay order id (settle is driven directly). */
async function awaitingOrder(state = 'Delhi') {
  const razorpayOrderId = `order_${randomBytes(7).toString('hex')}`;
  const order = await insertOrder(h.db, { status: 'created', paymentStatus: 'pending', razorpayOrderId, state });
  return { ...order, razorpayOrderId, paymentId: `pay_${randomBytes(7).toString('hex')}` };
}
const captured = (order: Awaited<ReturnType<typeof awaitingOrder>>): SettleRequest => ({
  razorpayOrderId: order.razorpayOrderId,
  observation: { kind: 'captured', paymentId: order.paymentId, amountPaise: order.amountPaise },
  source: 'webhook',
});

describe('invoice numbers', () => {
  it('200 orders paid at once get 200 consecutive numbers, with no gap or duplicate, even with crashed transactions among them', async () => {
    const year = financialYear(new Date()).label;
    const before = await series('invoice', year);
    const orders = await Promise.all(range(0, 199).map((index) => awaitingOrder(index % 3 ? 'Karnataka' : 'New Delhi')));
    const crashing = orders.filter((_, index) => index % 10 === 0);
    // Every tenth settle dies after its invoice took a number, before the commit (rolled back), while the rest run.
    const crash = async (order: (typeof orders)[number]) => {
      const error = await pool
        .transaction()
        .execute(async (trx) => {
          await settlePaymentInTransaction(trx, captured(order));
          throw new Error('crash');
        })
        .catch((reason: Error) => reason);
      expect(error).toEqual(new Error('crash'));
    };
    await Promise.all(orders.map((order, index) => (index % 10 === 0 ? crash(order) : settlePayment(pool, captured(order)))));
    // The crashed ones are paid by Razorpay's webhook redelivered; a duplicate delivery changes nothing.
    await Promise.all(crashing.map((order) => settlePayment(pool, captured(order))));
    await Promise.all(orders.slice(0, 20).map((order) => settlePayment(pool, captured(order))));

    const after = await series('invoice', year);
    expect(after).toEqual(range(1, before.length + 200));
    const issued = await h.db
      .selectFrom('tax_documents as d')
      .innerJoin('orders as o', 'o.id', 'd.order_id')
      .select(['d.number', 'd.sequence', 'd.issued_at', 'o.paid_at', 'd.supply', sql<number>`(d.figures->'totals'->>'grossPaise')::int`.as('gross'), 'o.amount_paise'])
      .where('d.kind', '=', 'invoice')
      .where('d.order_id', 'in', orders.map((order) => order.id))
      .orderBy('d.sequence')
      .execute();
    expect(issued.map((row) => row.sequence)).toEqual(range(before.length + 1, before.length + 200));
    expect(new Set(issued.map((row) => row.number)).size).toBe(200);
    for (const row of issued) {
      expect(row.gross).toBe(row.amount_paise);
      expect(new Date(row.issued_at)).toEqual(new Date(row.paid_at!));
    }
    expect(issued.filter((row) => row.supply === 'intra-state')).toHaveLength(orders.filter((_, index) => index % 3 === 0).length);
    const counter = await h.db.selectFrom('tax_document_counters').select('last_sequence').where('kind', '=', 'invoice').where('financial_year', '=', year).executeTakeFirstOrThrow();
    expect(counter.last_sequence).toBe(before.length + 200);
  });

  it('a payments process killed after taking a number, before its commit, gives the number back', async () => {
    const dying = await awaitingOrder();
    const here = path.dirname(fileURLToPath(import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'invoice-crash-process.ts'), dying.razorpayOrderId, dying.paymentId, String(dying.amountPaise)], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    try {
      const taken = await eventually(async () => /issued (\S+)/.exec(output)?.[1], 20_000);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      expect(await documents(dying.id)).toEqual([]);
      expect(await h.order(dying.orderNumber)).toMatchObject({ payment_status: 'pending' });
      const next = await awaitingOrder();
      await settlePayment(pool, captured(next));
      expect((await documents(next.id)).map((document) => document.number)).toEqual([taken]);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('a new financial year starts each series again at 000001 (India time)', async () => {
    // Far in the future, so the series are fresh whenever this runs.
    const lastMinute = new Date('2041-03-31T18:29:00Z'); // 31 March 2041, 23:59 IST
    const firstMinute = new Date('2041-03-31T18:30:00Z'); // 1 April 2041, 00:00 IST
    const issue = async (at: Date) => {
      const order = await insertOrder(h.db, { status: 'paid', paymentStatus: 'paid' });
      const invoice = await h.db.transaction().execute((trx) => issueInvoice(trx, order.id, { at }));
      return { order, invoice };
    };
    const march = await issue(lastMinute);
    const april = await issue(firstMinute);
    const later = await issue(new Date('2041-04-01T06:00:00Z'));
    expect([march, april, later].map(({ invoice }) => invoice.number)).toEqual(['RP/40-41/000001', 'RP/41-42/000001', 'RP/41-42/000002']);
    expect(march.invoice.issuedAt).toEqual(lastMinute);

    const credit = (issued: typeof march, at: Date) =>
      h.db.transaction().execute((trx) =>
        issueCreditNote(trx, { orderId: issued.order.id, razorpayPaymentId: issued.order.razorpayPaymentId!, razorpayRefundId: `rfnd_${randomBytes(7).toString('hex')}`, amountPaise: 10_000 }, { at }),
      );
    expect((await credit(march, lastMinute))?.number).toBe('RPC/40-41/000001');
    expect((await credit(march, firstMinute))?.number).toBe('RPC/41-42/000001');
    // More than the invoice's value cannot be credited, and another payment's refund is not this invoice's.
    expect(await h.db.transaction().execute((trx) => issueCreditNote(trx, { orderId: april.order.id, razorpayPaymentId: april.order.razorpayPaymentId!, razorpayRefundId: 'rfnd_toomuch', amountPaise: april.order.amountPaise + 1 }, { at: firstMinute }))).toBeUndefined();
    expect(await h.db.transaction().execute((trx) => issueCreditNote(trx, { orderId: april.order.id, razorpayPaymentId: 'pay_another', razorpayRefundId: 'rfnd_other', amountPaise: 100 }, { at: firstMinute }))).toBeUndefined();
    expect(await series('credit-note', '2041-42')).toEqual([1]);
  });

  it('are final: a tax document is never changed or deleted', async () => {
    const order = await insertOrder(h.db, { status: 'paid', paymentStatus: 'paid' });
    await h.db.transaction().execute((trx) => issueInvoice(trx, order.id));
    await expect(h.db.updateTable('tax_documents').set({ place_of_supply_name: 'Goa' }).where('order_id', '=', order.id).execute()).rejects.toThrow(/never changed or deleted/);
    await expect(h.db.deleteFrom('tax_documents').where('order_id', '=', order.id).execute()).rejects.toThrow(/never changed or deleted/);
  });
});
