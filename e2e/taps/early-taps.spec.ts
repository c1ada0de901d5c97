import type { Locator, Page } from '@playwright/test';
import { ADMIN, e2eDb, seedOrder, uniqueTag } from '../admin/fixtures.js';
import { CART_KEY, SPLASH_SEEN_KEY, expect, test } from '../storefront/fixtures.js';
import { fillFields } from '../support/purchase.js';
import { tapsSettled } from '../support/settled.js';

/**
 * A tap is never lost (decision 017). Pages paint before their scripts run; on a cheap phone the
 * scripts take a second or more. Each control a shopper (or the owner) can reach before the app is
 * ready is tapped the moment it becomes visible, on a phone (390 x 844, touch) at full speed and with
 * the CPU slowed 4x through the DevTools protocol, and the test checks what the tap was for happened,
 * exactly once.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

const CPU_RATES = [1, 4] as const;

/** Slows the page's CPU as a cheap Android phone's is (before the first navigation; it stays for the tab). */
async function throttleCpu(page: Page, rate: number): Promise<void> {
  if (rate === 1) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Waits for the control to be drawn and taps it at once, as a shopper does. */
async function tapOnSight(control: Locator): Promise<void> {
  await control.waitFor({ state: 'visible' });
  await control.tap();
}

/** Counts the requests a page makes to `path` with `method`. */
function countRequests(page: Page, method: string, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

/** Whether the page had its app ready when asked (a marker the layout sets once hydrated). */
const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

const storedCart = (page: Page) => page.evaluate((key) => JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as Record<string, number>, CART_KEY);

/** Before each page's scripts: the splash seen and, when given, a cart in session storage. */
async function prepareSession(page: Page, cart?: Record<string, number>): Promise<void> {
  await page.addInitScript(
    ({ splashKey, cartKey, stored }) => {
      window.sessionStorage.setItem(splashKey, '1');
      // Only into a fresh tab: a later page of the same test keeps what the shopper did.
      if (stored && !window.sessionStorage.getItem(cartKey)) window.sessionStorage.setItem(cartKey, stored);
    },
    { splashKey: SPLASH_SEEN_KEY, cartKey: CART_KEY, stored: cart ? JSON.stringify(cart) : undefined },
  );
}

/** Opens /shop with `cart` stored and taps the cart button the moment it is drawn; gives the cart's dialog. */
async function openCartOnSight(page: Page, cart: Record<string, number>): Promise<Locator> {
  await prepareSession(page, cart);
  await page.goto('/shop', { waitUntil: 'commit' });
  await tapOnSight(page.getByRole('button', { name: /^Open cart/ }));
  return page.getByRole('dialog', { name: 'Your Royal Cart' });
}

/**
 * Holds the app's entry script back until `release` is called: a tap made meanwhile lands on the
 * painted HTML alone, as it does on a slow phone, whatever this machine's speed.
 */
async function holdAppScript(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Logs in through the API; the token goes into the tab's first page only (a later logout sticks). */
async function withAdminToken(page: Page): Promise<void> {
  const response = await page.request.post('/api/admin/login', { data: ADMIN });
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-token-set')) return;
    window.localStorage.setItem('adminToken', value);
    window.sessionStorage.setItem('e2e-token-set', '1');
  }, token);
}

test.describe('tapped before the page has any script', () => {
  test('Add to Cart is done once the scripts arrive, once, and the page shows it heard the tap meanwhile', async ({ page, pageErrors }) => {
    await prepareSession(page);
    const script = await holdAppScript(page);
    // Not until 'load': the held script holds the load event back too.
    await page.goto('/shop', { waitUntil: 'commit' });
    await tapOnSight(page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }));
    expect(await isHydrated(page)).toBe(false);
    await expect(page.locator('html.app-waking')).toHaveCount(1);
    expect(await storedCart(page)).toEqual({});

    script.release();
    await expect(page.getByTestId('cart-popup')).toHaveText('Added Royal Chicken Pickle to cart!');
    await expect(page.getByTestId('cart-badge')).toHaveText('1');
    await expect(page.locator('html.app-waking')).toHaveCount(0);
    expect(await storedCart(page)).toEqual({ 1: 1 });
    // Done once: with every held tap done and drawn, the cart still holds one jar.
    await tapsSettled(page);
    expect(await storedCart(page)).toEqual({ 1: 1 });
    expect(pageErrors).toEqual([]);
  });

  test('the cart button opens the cart once the scripts arrive', async ({ page, pageErrors }) => {
    await prepareSession(page, { 1: 2 });
    const script = await holdAppScript(page);
    await page.goto('/shop', { waitUntil: 'commit' });
    await tapOnSight(page.getByRole('button', { name: /^Open cart/ }));
    expect(await isHydrated(page)).toBe(false);
    script.release();
    const cart = page.getByRole('dialog', { name: 'Your Royal Cart' });
    await expect(cart).toBeVisible();
    await expect(cart.getByTestId('cart-line-quantity')).toHaveText('2');
    expect(pageErrors).toEqual([]);
  });

  test('the policy menu opens once the scripts arrive, and stays open (done twice, it would close)', async ({ page, pageErrors }) => {
    await prepareSession(page);
    const script = await holdAppScript(page);
    await page.goto('/policies/refund-policy', { waitUntil: 'commit' });
    const menu = page.getByRole('button', { name: 'Legal Policies' });
    await tapOnSight(menu);
    expect(await isHydrated(page)).toBe(false);
    script.release();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await tapsSettled(page);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(pageErrors).toEqual([]);
  });

  test('Logout on the painted panel heading logs out once the app has drawn the panel', async ({ page }) => {
    await withAdminToken(page);
    const logouts = countRequests(page, 'POST', '/api/admin/logout');
    const script = await holdAppScript(page);
    await page.goto('/admin', { waitUntil: 'commit' });
    await tapOnSight(page.getByRole('button', { name: 'Logout' }));
    expect(await isHydrated(page)).toBe(false);
    script.release();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status')).toHaveText('You have been logged out');
    expect(logouts()).toBe(1);
  });
});

for (const rate of CPU_RATES) {
  test.describe(`CPU ${rate}x`, () => {
    test.beforeEach(async ({ page }) => throttleCpu(page, rate));

    test('Add to Cart tapped the moment it is drawn adds one jar', async ({ page, pageErrors }) => {
      await prepareSession(page);
      await page.goto('/shop', { waitUntil: 'commit' });
      await tapOnSight(page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }));
      await expect(page.getByTestId('cart-popup')).toHaveText('Added Royal Chicken Pickle to cart!');
      await expect(page.getByTestId('cart-badge')).toHaveText('1');
      await tapsSettled(page);
      expect(await storedCart(page)).toEqual({ 1: 1 });
      expect(pageErrors).toEqual([]);
    });

    test('the cart button, then + and − the moment each is drawn, change the cart by one each', async ({ page, pageErrors }) => {
      const cart = await openCartOnSight(page, { 1: 2 });
      await expect(cart).toBeVisible();
      const quantity = cart.getByTestId('cart-line-quantity');
      await expect(quantity).toHaveText('2');
      await tapOnSight(cart.getByRole('button', { name: 'Add one Royal Chicken Pickle' }));
      await expect(quantity).toHaveText('3');
      expect(await storedCart(page)).toEqual({ 1: 3 });
      await tapOnSight(cart.getByRole('button', { name: 'Remove one Royal Chicken Pickle' }));
      await expect(quantity).toHaveText('2');
      expect(await storedCart(page)).toEqual({ 1: 2 });
      expect(pageErrors).toEqual([]);
    });

    test('− on the last jar removes the line, and Proceed to Checkout tapped at once opens the checkout', async ({ page, pageErrors }) => {
      const cart = await openCartOnSight(page, { 1: 1 });
      await tapOnSight(cart.getByRole('button', { name: 'Remove one Royal Chicken Pickle' }));
      await expect(cart.getByText('Your cart is empty.')).toBeVisible();
      expect(await storedCart(page)).toEqual({});

      await page.goto('/shop', { waitUntil: 'commit' });
      await page.evaluate((key) => window.sessionStorage.setItem(key, '{"1":1}'), CART_KEY);
      await page.reload({ waitUntil: 'commit' });
      await tapOnSight(page.getByRole('button', { name: /^Open cart/ }));
      await tapOnSight(page.getByRole('dialog', { name: 'Your Royal Cart' }).getByRole('button', { name: 'Proceed to Checkout' }));
      await expect(page).toHaveURL(/\/payment$/);
      await expect(page.getByRole('form', { name: 'Delivery details' })).toBeVisible();
      expect(pageErrors).toEqual([]);
    });

    test('a footer link and the policy menu tapped at once do what they say', async ({ page, pageErrors }) => {
      await prepareSession(page);
      await page.goto('/shop', { waitUntil: 'commit' });
      await tapOnSight(page.getByRole('contentinfo').getByRole('link', { name: 'Shipping Policy' }));
      await expect(page).toHaveURL(/\/policies\/shipping-policy$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shipping Policy');

      await page.goto('/policies/refund-policy', { waitUntil: 'commit' });
      const menu = page.getByRole('button', { name: 'Legal Policies' });
      await tapOnSight(menu);
      // Opened once: done twice, the toggle would have closed it again.
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await tapsSettled(page);
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await tapOnSight(page.getByRole('navigation', { name: 'Legal Policies' }).getByRole('link', { name: 'Privacy Policy' }));
      await expect(page).toHaveURL(/\/policies\/privacy-policy$/);
      expect(pageErrors).toEqual([]);
    });

    test('the checkout form filled and sent the moment it is drawn opens the confirmation', async ({ page, pageErrors }) => {
      await prepareSession(page, { 1: 1 });
      await page.goto('/payment', { waitUntil: 'commit' });
      const form = page.getByRole('form', { name: 'Delivery details' });
      await form.getByLabel('Pincode').waitFor();
      await fillFields(form, { pincode: '110017', name: 'Asha Verma', email: 'asha.verma@example.in', phone: '9876543210', flatNumber: 'B-12', street: 'Press Enclave Marg', area: 'Saket' });
      await expect(form.getByLabel('City')).toHaveValue('Delhi');
      await tapOnSight(form.getByRole('button', { name: 'Proceed to Pay' }));
      await expect(page.getByRole('dialog', { name: 'Confirm Your Royal Order' })).toBeVisible();
      expect(pageErrors).toEqual([]);
    });

    test('Track tapped the moment it is drawn asks once and shows the order', async ({ page, pageErrors }) => {
      const tag = uniqueTag();
      const order = await seedOrder({ tag, phone: '9812345670', items: [{ name: 'Royal Chicken Pickle', quantity: 1 }] });
      await e2eDb().insertInto('order_dispatches').values({ order_id: order.id, courier: 'delhivery', awb: `DLV${tag}`, tracking_url: null, recorded_by: 'admin', updated_at: new Date() }).execute();
      await prepareSession(page);
      const lookups = countRequests(page, 'POST', '/api/track');
      await page.goto('/track', { waitUntil: 'commit' });
      await page.getByLabel('Order number', { exact: true }).fill(order.orderNumber);
      await page.getByLabel('Phone number or e-mail').fill('9812345670');
      await tapOnSight(page.getByRole('button', { name: 'Track order' }));
      await expect(page.getByRole('heading', { name: 'On its way with Delhivery' })).toBeVisible();
      await tapsSettled(page);
      expect(lookups()).toBe(1);
      expect(pageErrors).toEqual([]);
    });

    test('the complaint form sent the moment it is drawn is sent once and shows its ticket', async ({ page, pageErrors }) => {
      await prepareSession(page);
      const sends = countRequests(page, 'POST', '/api/complaints');
      await page.goto('/complaint', { waitUntil: 'commit' });
      await page.getByLabel('Full name').fill('Kavya Menon');
      await page.getByLabel('Email').fill(`kavya.${Date.now()}@example.in`);
      await page.getByLabel('What is it about?').selectOption({ label: 'Jar damaged or leaking' });
      await page.getByLabel('What happened?').fill('The lid was cracked.');
      await tapOnSight(page.getByRole('button', { name: 'Send complaint' }));
      await expect(page.getByText(/GRV-\d{6}-\d{4,}/).first()).toBeVisible();
      await tapsSettled(page);
      expect(sends()).toBe(1);
      expect(pageErrors).toEqual([]);
    });

    test('the admin login sent the moment it is drawn logs in once', async ({ page }) => {
      const logins = countRequests(page, 'POST', '/api/admin/login');
      await page.goto('/login', { waitUntil: 'commit' });
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await tapOnSight(page.getByRole('button', { name: 'Login' }));
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
      expect(logins()).toBe(1);
    });

    test('Logout on the panel tapped the moment it is drawn logs out once', async ({ page }) => {
      await withAdminToken(page);
      const logouts = countRequests(page, 'POST', '/api/admin/logout');
      await page.goto('/admin', { waitUntil: 'commit' });
      await tapOnSight(page.getByRole('button', { name: 'Logout' }));
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('status')).toHaveText('You have been logged out');
      expect(logouts()).toBe(1);
    });

    test("Resend confirmation e-mail on an order's page, tapped the moment it is drawn, asks once", async ({ page }) => {
      const order = await seedOrder({ tag: uniqueTag(), status: 'paid', paymentStatus: 'paid', amountPaise: 115_000 });
      await withAdminToken(page);
      const resends = countRequests(page, 'POST', `/api/admin/orders/${order.id}/resend-confirmation`);
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(`/admin/orders/${order.id}`, { waitUntil: 'commit' });
      await tapOnSight(page.getByRole('button', { name: 'Resend confirmation e-mail' }));
      await expect(page.getByRole('status')).toHaveText(`The confirmation e-mail will be sent again to ${order.email}`);
      expect(resends()).toBe(1);
    });

    test("the Courier card's Ship, Book courier, Print label and Cancel booking, each tapped the moment it is drawn, ask once each", async ({ page }) => {
      const order = await seedOrder({ tag: uniqueTag(), status: 'paid', paymentStatus: 'paid', amountPaise: 115_000 });
      await withAdminToken(page);
      const base = `/api/admin/orders/${order.id}`;
      const bookings = countRequests(page, 'POST', `${base}/ship`);
      const labels = countRequests(page, 'GET', `${base}/label`);
      const cancels = countRequests(page, 'POST', `${base}/cancel-shipment`);
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(`/admin/orders/${order.id}`, { waitUntil: 'commit' });
      const card = page.getByRole('region', { name: 'Courier' });
      await tapOnSight(card.getByRole('button', { name: 'Ship' }));
      const picker = page.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
      await tapOnSight(picker.getByRole('button', { name: 'Book courier' }));
      await expect(picker).toHaveCount(0);
      await expect(card.getByTestId('shipment-state')).toHaveText('Booked');
      expect(bookings()).toBe(1);

      // The label opens in a tab of its own.
      const labelTab = page.context().waitForEvent('page');
      await tapOnSight(card.getByRole('button', { name: 'Print label' }));
      await (await labelTab).close();
      expect(labels()).toBe(1);

      await tapOnSight(card.getByRole('button', { name: 'Cancel booking' }));
      await expect(card.getByTestId('shipment-state')).toHaveText('Booking cancelled');
      await tapsSettled(page);
      expect(cancels()).toBe(1);
      expect(bookings()).toBe(1);
    });
  });
}
