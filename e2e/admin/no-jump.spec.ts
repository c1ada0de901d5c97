import { ADMIN, expect, panelListed, seedAttention, seedOrder, test, uniqueTag } from './fixtures.js';

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
  const login = await page.request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  await page.addInitScript((value) => {
    window.localStorage.setItem('adminToken', value);
    const shifts: { value: number; hadRecentInput: boolean }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) shifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput });
    }).observe({ type: 'layout-shift', buffered: true });
  }, token);

  await page.goto('/admin');
  const download = page.getByRole('button', { name: 'Download Complete Excel' });
  await download.waitFor();
  const first = await download.boundingBox();
  await expect(page.getByRole('heading', { name: /^Payments needing attention \(\d+\)$/ })).toBeVisible();
  await panelListed(page);
  // Whatever else arrives (the complaints count in the header, images), give it time to move things.
  await page.waitForTimeout(1_500);
  expect(await download.boundingBox()).toEqual(first);
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; hadRecentInput: boolean }[] }).__shifts);
  expect(shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0)).toBe(0);
});
