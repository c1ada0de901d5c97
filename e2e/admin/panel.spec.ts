import { decideOwnerMove, ownerChoices } from '@pickles/shared';
import { adminOrderPath } from '@pickles/shared/shop-paths';
import type { Locator, Page } from '@playwright/test';
import { e2eDb, expect, openPanelLoggedIn, orderRows, panelListed, recordDialogs, searchFor, seedOrder, shownOrderIds, test, uniqueTag, type SeededOrder } from './fixtures.js';

const DAY = 86_400_000;

type Box = { x: number; y: number; width: number; height: number };

test.describe('filters, search and sort', () => {
  let tag: string;
  let o: Record<'delhiOld' | 'puneBig' | 'puneSmall' | 'pending' | 'mumbaiMid', SeededOrder>;

  test.beforeAll(async () => {
    tag = uniqueTag();
    const now = Date.now();
    o = {
      // 2025-01-15 10:00 IST
      delhiOld: await seedOrder({ tag, city: 'New Delhi', state: 'Delhi', pincode: '110016', status: 'paid', amountPaise: 60_000, createdAt: new Date('2025-01-15T04:30:00Z'), updatedAt: new Date(now - 1 * DAY) }),
      puneBig: await seedOrder({ tag, city: 'Pune', state: 'Maharashtra', pincode: '411001', status: 'delivered', amountPaise: 260_000, createdAt: new Date('2025-02-01T06:00:00Z'), updatedAt: new Date(now - 5 * DAY), items: [{ name: 'Royal Chicken Pickle', quantity: 5 }] }),
      puneSmall: await seedOrder({ tag, city: 'PUNE', state: 'maharashtra', pincode: '411045', status: 'completed', amountPaise: 110_000, createdAt: new Date('2025-02-01T19:00:00Z'), updatedAt: new Date(now - 3 * DAY), name: 'Zoravar Singh' }),
      pending: await seedOrder({ tag, city: 'Kochi', state: 'Kerala', pincode: '682001', status: 'created', paymentStatus: 'pending', amountPaise: 160_000, createdAt: new Date('2025-03-01T06:00:00Z'), updatedAt: new Date(now - 10 * DAY) }),
      mumbaiMid: await seedOrder({ tag, city: 'Navi Mumbai', state: 'Maharashtra', pincode: '400703', status: 'cancelled', paymentStatus: 'refunded', amountPaise: 85_000, email: `navi.${tag}@mumbai.example`, createdAt: new Date('2025-03-20T06:00:00Z'), updatedAt: new Date(now - 2 * DAY) }),
    };
  });

  test('each filter narrows the table with the spec semantics, and Reset Filters clears them', async ({ page }) => {
    await openPanelLoggedIn(page);
    await searchFor(page, tag);
    const expectRows = async (orders: SeededOrder[]) => {
      await expect.poll(async () => (await shownOrderIds(page)).sort()).toEqual(orders.map((x) => x.orderNumber).sort());
    };
    await expectRows(Object.values(o));
    await expect(page.getByRole('button', { name: 'Batch Update (5 visible orders)' })).toBeVisible();

    await page.getByLabel('Status', { exact: true }).selectOption('delivered');
    await expectRows([o.puneBig]);
    await page.getByLabel('Status', { exact: true }).selectOption('');

    await page.getByLabel('Payment Status').selectOption('pending');
    await expectRows([o.pending]);
    await page.getByLabel('Payment Status').selectOption('');

    await page.getByLabel('Pincode').fill('4110');
    await expectRows([o.puneBig, o.puneSmall]);
    await page.getByLabel('Pincode').fill('');

    await page.getByLabel('City').fill('pUnE');
    await expectRows([o.puneBig, o.puneSmall]);
    await page.getByLabel('City').fill('mumb');
    await expectRows([o.mumbaiMid]);
    await page.getByLabel('City').fill('');

    await page.getByLabel('State', { exact: true }).fill('MAHARASH');
    await expectRows([o.puneBig, o.puneSmall, o.mumbaiMid]);
    await page.getByLabel('State', { exact: true }).fill('');

    // India days, inclusive: 2025-02-01T19:00Z is 2 Feb 00:30 IST.
    await page.getByLabel('Date From').fill('2025-02-01');
    await page.getByLabel('Date To').fill('2025-02-01');
    await expectRows([o.puneBig]);
    await page.getByLabel('Date To').fill('2025-02-02');
    await expectRows([o.puneBig, o.puneSmall]);
    await page.getByLabel('Date From').fill('2025-03-01');
    await page.getByLabel('Date To').fill('');
    await expectRows([o.pending, o.mumbaiMid]);

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Date From')).toHaveValue('');
    await expect(page.getByLabel('Sort By')).toHaveValue('createdAt');
  });

  test('search covers name, email, phone, payment id, address and items; Clear empties it', async ({ page }) => {
    await openPanelLoggedIn(page);
    await searchFor(page, 'zoravar sINGH');
    await expect.poll(() => shownOrderIds(page)).toContain(o.puneSmall.orderNumber);
    await searchFor(page, o.puneBig.paymentId!.toUpperCase());
    await expect.poll(() => shownOrderIds(page)).toEqual([o.puneBig.orderNumber]);
    await searchFor(page, o.mumbaiMid.email);
    await expect.poll(() => shownOrderIds(page)).toEqual([o.mumbaiMid.orderNumber]);
    await searchFor(page, `${tag} road`);
    await expect.poll(async () => (await shownOrderIds(page)).length).toBe(5);
    await searchFor(page, o.pending.orderNumber.toLowerCase());
    await expect.poll(() => shownOrderIds(page)).toEqual([o.pending.orderNumber]);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue('');
  });

  test('sorts by created, updated and amount, both directions', async ({ page }) => {
    await openPanelLoggedIn(page);
    await searchFor(page, tag);
    const expectOrder = async (orders: SeededOrder[]) => {
      await expect.poll(() => shownOrderIds(page)).toEqual(orders.map((x) => x.orderNumber));
    };
    await expectOrder([o.mumbaiMid, o.pending, o.puneSmall, o.puneBig, o.delhiOld]);
    await page.getByLabel('Sort Direction').selectOption('asc');
    await expectOrder([o.delhiOld, o.puneBig, o.puneSmall, o.pending, o.mumbaiMid]);
    await page.getByLabel('Sort By').selectOption('updatedAt');
    await expectOrder([o.pending, o.puneBig, o.puneSmall, o.mumbaiMid, o.delhiOld]);
    await page.getByLabel('Sort Direction').selectOption('desc');
    await expectOrder([o.delhiOld, o.mumbaiMid, o.puneSmall, o.puneBig, o.pending]);
    await page.getByLabel('Sort By').selectOption('amount');
    await expectOrder([o.puneBig, o.pending, o.puneSmall, o.mumbaiMid, o.delhiOld]);
    await page.getByLabel('Sort Direction').selectOption('asc');
    await expectOrder([o.delhiOld, o.mumbaiMid, o.puneSmall, o.pending, o.puneBig]);
  });
});

test('table columns, truncation, "-" for empty, Copy with Copied and Copy failed, unattended rows', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const tag = uniqueTag();
  const old = await seedOrder({ tag, status: 'paid', createdAt: new Date(Date.now() - 4 * DAY), items: [{ name: 'Royal Chicken Pickle', quantity: 2 }], amountPaise: 115_000 });
  const fresh = await seedOrder({ tag, status: 'created', paymentStatus: 'pending', paymentId: null });
  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(2);

  const headers = await page.locator('table.orders-table thead th').allTextContents();
  expect(headers).toEqual(['Order ID', 'Payment ID', 'Name', 'Email', 'Phone', 'Datetime', 'Address', 'Amount', 'Items', 'Order Status', 'Change Status']);

  const oldRow = page.locator(`tr[data-order-id="${old.orderNumber}"]`);
  const cells = oldRow.locator('td');
  await expect(cells.nth(0).locator('.copy-value')).toHaveText(`${old.orderNumber.slice(0, 15)}...`);
  await expect(cells.nth(1).locator('.copy-value')).toHaveText(`${old.paymentId!.slice(0, 15)}...`);
  await expect(cells.nth(3).locator('.copy-value')).toHaveText(`${old.email.slice(0, 15)}...`);
  await expect(cells.nth(2)).toHaveText('Meera Rathore');
  await expect(cells.nth(6)).toHaveText(`7A, ${tag} Road, Civil Lines, Jaipur, Rajasthan - 302001`);
  // en-IN grouping, as on the storefront and in the e-mails.
  await expect(cells.nth(7)).toHaveText('₹1,150');
  await expect(cells.nth(8)).toHaveText('Royal Chicken Pickle (Qty: 2)');
  await expect(oldRow).toHaveClass(/unattended-row/);
  const freshRow = page.locator(`tr[data-order-id="${fresh.orderNumber}"]`);
  await expect(freshRow).not.toHaveClass(/unattended-row/);
  await expect(freshRow.locator('td').nth(1)).toHaveText('-');

  await cells.nth(0).getByRole('button', { name: 'Copy' }).click();
  await expect(cells.nth(0).getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(old.orderNumber);
  await expect(cells.nth(0).getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 3_000 });

  const dialogs = recordDialogs(page);
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
  });
  await cells.nth(3).getByRole('button', { name: 'Copy' }).click();
  // Said on the button itself, not in an alert.
  await expect(cells.nth(3).getByRole('button', { name: 'Copy failed' })).toBeVisible();
  expect(dialogs.messages).toEqual([]);
});

test('single status change updates the row and records history; pending payments cannot be changed', async ({ page }) => {
  const tag = uniqueTag();
  const paid = await seedOrder({ tag, status: 'paid' });
  const pending = await seedOrder({ tag, status: 'created', paymentStatus: 'pending' });
  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(2);
  await expect(page.getByLabel(`Change status of ${pending.orderNumber}`)).toBeDisabled();

  await page.getByLabel(`Change status of ${paid.orderNumber}`).selectOption('delivered');
  const row = page.locator(`tr[data-order-id="${paid.orderNumber}"]`);
  await expect(row.locator('.status-badge')).toHaveText('delivered');
  const stored = await e2eDb().selectFrom('orders').select(['status', 'updated_at', 'created_at']).where('id', '=', paid.id).executeTakeFirstOrThrow();
  expect(stored.status).toBe('delivered');
  expect(new Date(stored.updated_at).getTime()).toBeGreaterThan(new Date(stored.created_at).getTime());

  await row.getByRole('button', { name: 'History' }).click();
  const history = page.locator('.history-table');
  await expect(history).toContainText('paid');
  await expect(history).toContainText('delivered');
  await expect(history).toContainText('admin:admin');
});

test('the status select offers only the moves the lifecycle allows; a move refused meanwhile says so with the reason on the page and changes nothing', async ({ page }) => {
  const tag = uniqueTag();
  const paid = await seedOrder({ tag, status: 'paid' });
  const failed = await seedOrder({ tag, status: 'failed', paymentStatus: 'failed' });
  const refunded = await seedOrder({ tag, status: 'cancelled', paymentStatus: 'refunded' });
  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(3);

  const choices = (orderNumber: string) => page.getByLabel(`Change status of ${orderNumber}`).locator('option:not([disabled])');
  await expect(choices(paid.orderNumber)).toHaveText(ownerChoices({ status: 'paid', paymentStatus: 'paid' }));
  await expect(choices(paid.orderNumber)).toHaveText(['paid', 'cancelled', 'delivered', 'completed']);
  await expect(choices(failed.orderNumber)).toHaveText(['cancelled']);
  await expect(choices(refunded.orderNumber)).toHaveText(ownerChoices({ status: 'cancelled', paymentStatus: 'refunded' }));
  await expect(page.getByLabel(`Change status of ${failed.orderNumber}`)).toBeEnabled();

  // The payment is refunded in full after the owner loaded the panel: the server refuses delivery.
  await e2eDb().updateTable('orders').set({ payment_status: 'refunded', updated_at: new Date() }).where('id', '=', paid.id).execute();
  const dialogs = recordDialogs(page);
  await page.getByLabel(`Change status of ${paid.orderNumber}`).selectOption('delivered');
  const refusal = decideOwnerMove({ status: 'paid', paymentStatus: 'refunded' }, 'delivered');
  expect(refusal.kind).toBe('refused');
  // The spec's words, then the server's reason, on the page.
  await expect(page.getByTestId('panel-notice').getByRole('paragraph')).toHaveText(`Failed to update status\n${refusal.kind === 'refused' ? refusal.reason : ''}`);
  expect(dialogs.messages).toEqual([]);
  const stored = await e2eDb().selectFrom('orders').select(['status', 'payment_status']).where('id', '=', paid.id).executeTakeFirstOrThrow();
  expect(stored).toEqual({ status: 'paid', payment_status: 'refunded' });
  await expect(page.locator(`tr[data-order-id="${paid.orderNumber}"] .status-badge`)).toHaveText('paid');
});

test('cards show the totals per status and the unattended count from the database', async ({ page }) => {
  await seedOrder({ tag: uniqueTag(), status: 'pending', paymentStatus: 'pending', createdAt: new Date(Date.now() - 5 * DAY) });
  await openPanelLoggedIn(page);
  await expect(page.locator('[data-card="unattended"]')).toContainText('Unattended >3d');
  // Other services may move an order meanwhile (the reconciler), so compare until both agree.
  await expect
    .poll(async () => {
      await page.reload();
      await panelListed(page);
      const rows = await e2eDb().selectFrom('orders').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
      const expected: Record<string, string> = { total: String(rows.reduce((sum, r) => sum + Number(r.n), 0)) };
      for (const status of ['created', 'pending', 'paid', 'failed', 'cancelled', 'delivered', 'completed']) expected[status] = String(rows.find((r) => r.status === status)?.n ?? 0);
      const shown: Record<string, string> = {};
      for (const key of Object.keys(expected)) shown[key] = (await page.locator(`[data-card="${key}"] .status-card-count`).textContent()) ?? '';
      return JSON.stringify(shown) === JSON.stringify(expected) ? 'match' : JSON.stringify({ shown, expected });
    })
    .toBe('match');
  const unattended = Number(await page.locator('[data-card="unattended"] .status-card-count').textContent());
  expect(unattended).toBeGreaterThanOrEqual(1);
});

test('/admin?search=<order id>, the link in the owner\'s alert e-mails, opens the panel showing that order', async ({ page }) => {
  const tag = uniqueTag();
  const wanted = await seedOrder({ tag, status: 'paid' });
  await seedOrder({ tag, status: 'paid' });
  await openPanelLoggedIn(page);
  await page.goto(adminOrderPath(wanted.orderNumber));
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(wanted.orderNumber);
  await expect.poll(() => shownOrderIds(page)).toEqual([wanted.orderNumber]);
});

/** Horizontal overflow of the page itself (the table may scroll inside its own box). */
const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not rendered');
  return found;
}

for (const width of [1280, 390, 360]) {
  test(`at ${width}px the page does not overflow, the headers do not overlap, and History opens in view from a table scrolled right`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    const tag = uniqueTag();
    const long = [{ name: 'Royal Chicken Pickle', quantity: 2 }, { name: 'Royal Mutton Pickle', quantity: 3 }, { name: 'Royal Prawn Pickle', quantity: 1 }];
    await seedOrder({ tag, status: 'paid', amountPaise: 1_234_500, items: long });
    const target = await seedOrder({ tag, status: 'delivered', amountPaise: 115_000, items: long });
    await openPanelLoggedIn(page);
    await searchFor(page, tag);
    await expect(orderRows(page)).toHaveCount(2);
    expect(await pageOverflow(page)).toBe(0);

    const header = page.getByRole('banner');
    const brand = await box(header.getByRole('link', { name: 'Royal Pickles admin' }));
    const tagBox = await box(header.getByText('Admin', { exact: true }));
    expect(overlaps(brand, tagBox)).toBe(false);
    expect(tagBox.x + tagBox.width).toBeLessThanOrEqual(width);
    const title = await box(page.getByRole('heading', { name: 'Admin Panel' }));
    const logout = await box(page.getByRole('button', { name: 'Logout' }));
    expect(overlaps(title, logout)).toBe(false);
    expect(logout.x + logout.width).toBeLessThanOrEqual(width);
    // Header and panel share one width: the brand starts where the panel's title does.
    expect(Math.abs(brand.x - title.x)).toBeLessThanOrEqual(1);

    // Every card shows its whole label on one line and its number, level with its row's other numbers.
    const cards = await page.locator('.status-card').evaluateAll((all) =>
      all.map((card) => {
        const label = card.querySelector('.status-card-label')!;
        const count = card.querySelector('.status-card-count')!;
        return {
          label: label.textContent,
          isClipped: label.scrollWidth > label.clientWidth,
          cardTop: Math.round(card.getBoundingClientRect().top),
          countTop: Math.round(count.getBoundingClientRect().top),
          hasCount: /^\d+$/.test(count.textContent ?? ''),
        };
      }),
    );
    expect(cards).toHaveLength(9);
    for (const card of cards) {
      expect(card, card.label ?? '').toMatchObject({ isClipped: false, hasCount: true });
      const rowMates = cards.filter((other) => other.cardTop === card.cardTop);
      expect(new Set(rowMates.map((other) => other.countTop)).size, `numbers level in the row of ${card.label}`).toBe(1);
    }

    // The amounts in the table read with Indian grouping.
    await expect(page.locator(`tr[data-order-id="${target.orderNumber}"] td`).nth(7)).toHaveText('₹1,150');
    await expect(page.locator('table.orders-table')).toContainText('₹12,345');

    const row = page.locator(`tr[data-order-id="${target.orderNumber}"]`);
    const select = page.getByLabel(`Change status of ${target.orderNumber}`);
    if (width === 1280) {
      // On a laptop the columns the owner acts on are in view, and on top, without scrolling the table.
      await row.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 300));
      expect(await page.locator('.orders-table-wrap').evaluate((el) => el.scrollLeft)).toBe(0);
      await expect(select).toBeInViewport({ ratio: 1 });
      const selectBox = await box(select);
      const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.getAttribute('aria-label'), [selectBox.x + selectBox.width / 2, selectBox.y + selectBox.height / 2]);
      expect(onTop).toBe(`Change status of ${target.orderNumber}`);
    }

    // The owner scrolls the row into view and the table to its right end, then opens History.
    await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const wrap = page.locator('.orders-table-wrap');
    await wrap.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await row.getByRole('button', { name: 'History' }).click();
    expect(await wrap.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const panel = page.getByRole('heading', { name: `Status history of ${target.orderNumber}` }).locator('xpath=../..');
    await expect(panel).toContainText('No status changes recorded.');
    await expect(panel).toBeInViewport({ ratio: 1 });
    const panelBox = await box(panel);
    expect(panelBox.x).toBeGreaterThanOrEqual(0);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(width);
    expect(await pageOverflow(page)).toBe(0);
  });
}

test('"To dispatch" shows the paid orders not yet dispatched, oldest first; search finds an order by its date as the table shows it', async ({ page }) => {
  const tag = uniqueTag();
  const older = await seedOrder({ tag, status: 'paid', createdAt: new Date(Date.now() - 3 * 86_400_000) });
  const newer = await seedOrder({ tag, status: 'paid', createdAt: new Date(Date.now() - 86_400_000) });
  const dispatched = await seedOrder({ tag, status: 'paid' });
  await e2eDb().insertInto('order_dispatches').values({ order_id: dispatched.id, courier: 'delhivery', awb: `DLV${tag}`, recorded_by: 'admin', updated_at: new Date() }).execute();
  await seedOrder({ tag, status: 'delivered' });
  await seedOrder({ tag, status: 'created', paymentStatus: 'pending' });
  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(5);

  const toDispatch = page.getByRole('button', { name: 'To dispatch' });
  await toDispatch.click();
  await expect(toDispatch).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => shownOrderIds(page)).toEqual([older.orderNumber, newer.orderNumber]);
  await expect(page.getByRole('button', { name: 'Batch Update (2 visible orders)' })).toBeVisible();
  await toDispatch.click();
  await expect(toDispatch).toHaveAttribute('aria-pressed', 'false');
  await expect(orderRows(page)).toHaveCount(5);

  // The Datetime column shows India's day first ('25/11/2026, 10:30:00 am'): typed as shown, it finds the order.
  const shown = (await page.locator(`tr[data-order-id="${older.orderNumber}"] td`).nth(5).textContent()) ?? '';
  const day = shown.split(',')[0]!.trim();
  expect(day).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
  await searchFor(page, day);
  await expect.poll(() => shownOrderIds(page)).not.toContain(newer.orderNumber);
  expect(await shownOrderIds(page)).toContain(older.orderNumber);
});
