import { readFile } from 'node:fs/promises';
import * as XLSX from 'xlsx';
import type { Page } from '@playwright/test';
import { e2eDb, expect, openPanelLoggedIn, orderRows, searchFor, seedOrder, test, uniqueTag, type SeededOrder } from './fixtures.js';

const COLUMNS = ['OrderID', 'PaymentID', 'Name', 'Email', 'Phone', 'Address', 'Amount', 'Status', 'PaymentStatus', 'Items', 'CreatedAt'];
const today = () => new Date().toISOString().slice(0, 10);

async function download(page: Page, button: string): Promise<{ name: string; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: button }).click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), body: await readFile(path) };
}

test.describe('exports', () => {
  let tag: string;
  let paid: SeededOrder;
  let delivered: SeededOrder;
  let created: SeededOrder;
  let evil: SeededOrder;

  test.beforeAll(async () => {
    tag = uniqueTag();
    paid = await seedOrder({ tag, status: 'paid', items: [{ name: 'Royal Chicken Pickle', quantity: 2 }], amountPaise: 115_000, createdAt: new Date('2025-05-10T06:30:00Z') });
    delivered = await seedOrder({ tag, status: 'delivered', createdAt: new Date('2025-05-11T06:30:00Z') });
    created = await seedOrder({ tag, status: 'created', paymentStatus: 'pending', createdAt: new Date('2025-05-12T06:30:00Z') });
    evil = await seedOrder({ tag, status: 'paid', name: '=HYPERLINK("http://evil.example","x")', createdAt: new Date('2025-05-13T06:30:00Z') });
  });

  test('Download View Excel: one Current_View sheet with the filtered orders in the spec columns', async ({ page }) => {
    await openPanelLoggedIn(page);
    await searchFor(page, tag);
    await expect(orderRows(page)).toHaveCount(4);
    const file = await download(page, 'Download View Excel');
    expect(file.name).toBe(`Current_View_Orders_${today()}.xlsx`);
    const book = XLSX.read(file.body);
    expect(book.SheetNames).toEqual(['Current_View']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Current_View!, { header: 1 });
    expect(rows[0]).toEqual(COLUMNS);
    expect(rows.slice(1).map((r) => r[0])).toEqual([evil, created, delivered, paid].map((o) => o.orderNumber));
    const paidRow = rows.find((r) => r[0] === paid.orderNumber)!;
    expect(paidRow).toEqual([
      paid.orderNumber,
      paid.paymentId,
      'Meera Rathore',
      paid.email,
      '9812345670',
      `7A, ${tag} Road, Civil Lines, Jaipur, Rajasthan - 302001`,
      1150,
      'paid',
      'paid',
      'Royal Chicken Pickle (Qty: 2)',
      new Date('2025-05-10T06:30:00Z').toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' }),
    ]);
    // A formula-looking value is stored as text with a leading apostrophe, never as a formula.
    const evilCell = book.Sheets.Current_View!['C2']!;
    expect(evilCell.f).toBeUndefined();
    expect(evilCell.v).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });

  test('Download View TXT: a header line and one tab-separated line per filtered order', async ({ page }) => {
    await openPanelLoggedIn(page);
    await searchFor(page, tag);
    await page.getByLabel('Status', { exact: true }).selectOption('paid');
    await expect(orderRows(page)).toHaveCount(2);
    const file = await download(page, 'Download View TXT');
    expect(file.name).toBe(`Current_View_Orders_${today()}.txt`);
    const lines = file.body.toString('utf8').trimEnd().split('\n');
    expect(lines[0]!.split('\t')).toEqual(COLUMNS);
    expect(lines.slice(1).map((l) => l.split('\t')[0])).toEqual([evil.orderNumber, paid.orderNumber]);
    expect(lines[2]!.split('\t')[9]).toBe('Royal Chicken Pickle (Qty: 2)');
  });

  test('Download Complete Excel: one sheet per status (paid, cancelled, delivered, completed), empty ones skipped, every order', async ({ page }) => {
    await openPanelLoggedIn(page);
    const file = await download(page, 'Download Complete Excel');
    expect(file.name).toBe(`All_Orders_Export_${today()}.xlsx`);
    const book = XLSX.read(file.body);
    const counts = await e2eDb().selectFrom('orders').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
    const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)]));
    const expectedSheets = ['paid', 'cancelled', 'delivered', 'completed'].filter((s) => (byStatus[s] ?? 0) > 0);
    expect(book.SheetNames).toEqual(expectedSheets);
    for (const sheet of expectedSheets) {
      const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[sheet]!, { header: 1 });
      expect(rows[0]).toEqual(COLUMNS);
      expect(rows.length - 1).toBe(byStatus[sheet]);
      expect(rows.slice(1).every((r) => r[7] === sheet)).toBe(true);
    }
    const paidIds = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.paid!, { header: 1 }).map((r) => r[0]);
    expect(paidIds).toContain(paid.orderNumber);
    const deliveredIds = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.delivered!, { header: 1 }).map((r) => r[0]);
    expect(deliveredIds).toContain(delivered.orderNumber);
  });

  test('Download Complete TXT: every order on the panel, whatever the filter', async ({ page }) => {
    await openPanelLoggedIn(page);
    await searchFor(page, 'no-order-matches-this');
    await expect(page.getByText('No orders found')).toBeVisible();
    const file = await download(page, 'Download Complete TXT');
    expect(file.name).toBe(`All_Orders_${today()}.txt`);
    const lines = file.body.toString('utf8').trimEnd().split('\n');
    expect(lines[0]!.split('\t')).toEqual(COLUMNS);
    const total = await e2eDb().selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(lines.length - 1).toBe(Number(total.n));
    const ids = lines.slice(1).map((l) => l.split('\t')[0]);
    for (const o of [paid, delivered, created]) expect(ids).toContain(o.orderNumber);
  });
});

test('the spreadsheet library is not downloaded until an export is asked for', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await openPanelLoggedIn(page);
  expect(scripts.some((url) => /xlsx/i.test(url))).toBe(false);
  await download(page, 'Download View Excel');
  expect(scripts.some((url) => /xlsx/i.test(url))).toBe(true);
});
