import { readFile } from 'node:fs/promises';
import * as XLSX from 'xlsx';
import type { Page } from '@playwright/test';
import { e2eDb, expect, openPanelLoggedIn, orderRows, searchFor, seedOrder, test, uniqueTag, type SeededOrder } from './fixtures.js';

// The spec's columns, then the address split for courier uploads, the invoice's GST figures, and the discount code with what it took off.
const COLUMNS = ['OrderID', 'PaymentID', 'Name', 'Email', 'Phone', 'Address', 'Amount', 'Status', 'PaymentStatus', 'Items', 'CreatedAt', 'Pincode', 'City', 'State', 'InvoiceNumber', 'TaxableValue', 'CGST', 'SGST', 'IGST', 'PlaceOfSupply', 'DiscountCode', 'Discount'];
/** Today's date in India (UTC+05:30), as the export names its files. */
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** A sheet's XML as written, for what SheetJS does not read back (panes). */
function sheetXml(body: Buffer, index: number): string {
  const zip = XLSX.CFB.read(body, { type: 'buffer' }) as { FullPaths: string[]; FileIndex: { content: Uint8Array }[] };
  const at = zip.FullPaths.findIndex((path) => path.endsWith(`xl/worksheets/sheet${index}.xml`));
  return Buffer.from(zip.FileIndex[at]!.content).toString('utf8');
}

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
    // 20:00 UTC on 13 May is 01:30 on 14 May in India.
    evil = await seedOrder({ tag, status: 'paid', name: '=HYPERLINK("http://evil.example","x")', createdAt: new Date('2025-05-13T20:00:00Z') });
  });

  test('Download View Excel: one Current_View sheet with the filtered orders, dates in India time, sized columns, header frozen', async ({ page }) => {
    await openPanelLoggedIn(page);
    await searchFor(page, tag);
    await expect(orderRows(page)).toHaveCount(4);
    const file = await download(page, 'Download View Excel');
    expect(file.name).toBe(`Current_View_Orders_${today()}.xlsx`);
    const book = XLSX.read(file.body, { cellNF: true, cellStyles: true });
    expect(book.SheetNames).toEqual(['Current_View']);
    const sheet = book.Sheets.Current_View!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual(COLUMNS);
    expect(rows.slice(1).map((r) => r[0])).toEqual([evil, created, delivered, paid].map((o) => o.orderNumber));
    const address = `7A, ${tag} Road, Civil Lines, Jaipur, Rajasthan - 302001`;
    const paidRow = rows.find((r) => r[0] === paid.orderNumber)!;
    expect([...paidRow.slice(0, 10), ...paidRow.slice(11)]).toEqual([
      paid.orderNumber,
      paid.paymentId,
      'Meera Rathore',
      paid.email,
      '9812345670',
      address,
      1150,
      'paid',
      'paid',
      'Royal Chicken Pickle (Qty: 2)',
      '302001',
      'Jaipur',
      'Rajasthan',
      // A seeded order has no tax invoice: its six invoice columns are empty; nor a discount code: its two are too.
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);

    // CreatedAt: date cells (a number with a date format) holding India's wall-clock time.
    const shownCreatedAt = new Map([
      [evil.orderNumber, { text: '14/05/2025 01:30', date: { y: 2025, m: 5, d: 14, H: 1, M: 30 } }],
      [created.orderNumber, { text: '12/05/2025 12:00', date: { y: 2025, m: 5, d: 12, H: 12, M: 0 } }],
      [delivered.orderNumber, { text: '11/05/2025 12:00', date: { y: 2025, m: 5, d: 11, H: 12, M: 0 } }],
      [paid.orderNumber, { text: '10/05/2025 12:00', date: { y: 2025, m: 5, d: 10, H: 12, M: 0 } }],
    ]);
    for (let r = 2; r <= 5; r++) {
      const cell = sheet[`K${r}`] as XLSX.CellObject;
      const expected = shownCreatedAt.get(String(sheet[`A${r}`]?.v))!;
      expect(cell.t).toBe('n');
      expect(XLSX.SSF.is_date(String(cell.z))).toBe(true);
      expect(cell.w).toBe(expected.text);
      expect(XLSX.SSF.parse_date_code(cell.v as number)).toMatchObject(expected.date);
    }
    expect(sheet.G2).toMatchObject({ t: 'n', w: expect.stringMatching(/^₹[\d,]+\.\d\d$/) });

    // Columns sized to their content; the header row frozen.
    const widths = (sheet['!cols'] ?? []).map((col) => col.wch);
    expect(widths).toHaveLength(COLUMNS.length);
    expect(widths[0]).toBe(paid.orderNumber.length + 2);
    expect(widths[3]).toBe(paid.email.length + 2);
    expect(address.length + 2).toBeGreaterThan(60);
    expect(widths[5]).toBe(60); // capped
    expect(widths[7]).toBe('delivered'.length + 2);
    expect(widths[10]).toBe('dd/mm/yyyy hh:mm'.length + 2);
    expect(widths[11]).toBe('Pincode'.length + 2);
    expect(sheetXml(file.body, 1)).toMatch(/<sheetView [^>]*><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"\/><\/sheetView>/);

    // A formula-looking value is stored as text with a leading apostrophe, never as a formula.
    const evilCell = sheet['C2']!;
    expect(evilCell.f).toBeUndefined();
    expect(evilCell.v).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });

  test("file names carry India's date: at 05:00 IST on 23 Nov (23:30 UTC on 22 Nov) they say 23 Nov", async ({ page }) => {
    // A year away from the real clock, so neither today's UTC date nor India's can pass by chance.
    await page.clock.setFixedTime(new Date('2025-11-22T23:30:00Z'));
    await openPanelLoggedIn(page);
    await searchFor(page, tag);
    await expect(orderRows(page)).toHaveCount(4);
    expect((await download(page, 'Download View Excel')).name).toBe('Current_View_Orders_2025-11-23.xlsx');
    expect((await download(page, 'Download View TXT')).name).toBe('Current_View_Orders_2025-11-23.txt');
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
    const paidLine = lines[2]!.split('\t');
    expect(paidLine[9]).toBe('Royal Chicken Pickle (Qty: 2)');
    expect(paidLine[10]).toBe(new Date('2025-05-10T06:30:00Z').toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' }));
    expect(paidLine.slice(11)).toEqual(['302001', 'Jaipur', 'Rajasthan']);
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
