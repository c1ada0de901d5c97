import { ADMIN, expect, openPanelLoggedIn, panelListed, seedAttention, seedOrder, test, uniqueTag } from './fixtures.js';

test.use({ viewport: { width: 1280, height: 800 } });

test('at 1280 px the Amount column is in view, left of the pinned Order Status and Change Status', async ({ page }) => {
  await seedOrder({ tag: uniqueTag(), amountPaise: 1_234_500 });
  await openPanelLoggedIn(page);
  const header = (name: string) => page.locator('table.orders-table thead th', { hasText: new RegExp(`^${name}$`) });
  const amount = (await header('Amount').boundingBox())!;
  const status = (await header('Order Status').boundingBox())!;
  expect(amount.x + amount.width).toBeLessThanOrEqual(status.x);
  // An amount in the first row is visible where it is, not under the pinned columns.
  const firstAmount = page.locator('table.orders-table tbody tr.order-row').first().locator('td').nth(7);
  const cell = (await firstAmount.boundingBox())!;
  expect(cell.x + cell.width).toBeLessThanOrEqual(status.x);
  await expect(firstAmount).toHaveText(/^₹[\d,]+$/);
});

/**
 * The panel never moves under the owner's pointer: "Payments needing attention" arrives above the
 * buttons in the same paint as they do, not after them (it used to push "Download Complete Excel"
 * about 390 px down, so a click aimed at it landed on an attention card). Measured as the page's
 * layout shifts (the Layout Instability API, what CLS adds up) from the navigation on.
 */
test('the admin panel with payments needing attention: layout shift 0 from the first paint, the buttons where they first appeared', async ({ page }) => {
  const tag = uniqueTag();
  const order = await seedOrder({ tag, status: 'cancelled', paymentStatus: 'paid' });
  for (const suffix of ['a', 'b', 'c']) {
    await seedAttention({ kind: 'capture-on-closed-order', orderId: order.id, orderNumber: order.orderNumber, razorpayOrderId: `order_${tag}${suffix}`, paymentId: `pay_${tag}${suffix}`, amountPaise: 60_000 });
  }
  // An open complaint: its count arrives in the header after the page, beside the complaints link.
  const complaint = await page.request.post('/api/complaints', {
    data: { name: 'Kavya Menon', email: `kavya.${tag}@example.in`, category: 'damaged', message: 'The lid was cracked.' },
  });
  expect(complaint.status()).toBe(201);
  const login = await page.request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => {
    window.localStorage.setItem('adminToken', value);
    const shifts: { value: number; hadRecentInput: boolean; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] }[]) {
        // What moved, so a failure names it.
        const sources = entry.sources.map((source) => `${source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : source.node?.nodeName} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`);
        shifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, token);

  await page.goto('/admin');
  const download = page.getByRole('button', { name: 'Download Complete Excel' });
  await download.waitFor();
  const first = await download.boundingBox();
  await expect(page.getByRole('heading', { name: /^Payments needing attention \(\d+\)$/ })).toBeVisible();
  await panelListed(page);
  await expect(page.getByTestId('complaints-open-count')).toBeVisible();
  // Whatever else arrives (images, fonts, late answers) has arrived and been drawn.
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  });
  expect(await download.boundingBox()).toEqual(first);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; hadRecentInput: boolean; sources: string[] }[] }).__shifts);
  const counted = shifts.filter((shift) => !shift.hadRecentInput);
  expect(counted.reduce((sum, shift) => sum + shift.value, 0), JSON.stringify(counted, null, 1)).toBe(0);
});
