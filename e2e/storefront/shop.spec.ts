import { CART_KEY, expect, freezeClock, test, waitForHydration } from './fixtures.js';

test.beforeEach(async ({ skipSplash, page }) => {
  await skipSplash();
  await page.goto('/shop');
  await waitForHydration(page);
});

test('product grid: prices, discount, weight, coming soon', async ({ page }) => {
  const chicken = page.getByTestId('product-1');
  await expect(chicken.getByRole('heading', { name: 'Royal Chicken Pickle' })).toBeVisible();
  await expect(chicken.locator('s')).toHaveText('Was ₹600');
  await expect(chicken.locator('.product__price')).toHaveText('Now ₹500');
  await expect(chicken.getByText('Inaugural Discount')).toBeVisible();
  await expect(chicken.getByText('North-Indian Style', { exact: true })).toBeVisible();
  await expect(chicken.getByText('BOX · 350 g')).toBeVisible();
  const image = chicken.getByRole('img', { name: 'Royal Chicken Pickle' });
  await expect(image).toHaveAttribute('width', '320');
  await expect(image).toHaveAttribute('height', '320');

  const mutton = page.getByTestId('product-2');
  await expect(mutton.locator('.product__price')).toHaveText('₹1,000');
  await expect(mutton.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
  await expect(mutton.getByRole('button', { name: /Add to Cart/ })).toHaveCount(0);

  for (const [title, text] of [
    ['Quality Assurance', '100% natural ingredients'],
    ['Freshly Made', 'Prepared weekly in small batches'],
    ['Health & Safety', ''],
  ] as const) {
    const tile = page.locator('.feature', { has: page.getByRole('heading', { name: title }) });
    await expect(tile).toBeVisible();
    if (text) await expect(tile).toContainText(text);
  }
});

test('adding shows the popup for 1.5 s and counts on the badge', async ({ page }) => {
  await freezeClock(page);
  await page.goto('/shop');
  await waitForHydration(page);
  const cartButton = page.getByRole('button', { name: /Open cart/ });
  await expect(cartButton).toHaveAccessibleName('Open cart, 0 items');
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }).click();
  const popup = page.getByTestId('cart-popup');
  await expect(popup).toHaveText('Added Royal Chicken Pickle to cart!');
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await page.clock.runFor(1_000);
  await expect(popup).toBeVisible();
  await page.clock.runFor(600);
  await expect(popup).toBeHidden();

  await page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await expect(cartButton).toHaveAccessibleName('Open cart, 2 items');
  expect(await page.evaluate((key) => sessionStorage.getItem(key), CART_KEY)).toBe('{"1":2}');
});

test('sidebar: plus, minus, removal at 1, totals from the pricing rules', async ({ page }) => {
  await page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }).click();
  await page.getByRole('button', { name: /Open cart/ }).click();
  const sidebar = page.getByRole('dialog', { name: 'Your Royal Cart' });
  await expect(sidebar).toBeVisible();
  // Focus moves into the dialog.
  await expect(sidebar.getByRole('button', { name: 'Close cart' })).toBeFocused();

  const line = sidebar.getByTestId('cart-line-1');
  await expect(line.getByTestId('cart-line-quantity')).toHaveText('1');
  await expect(sidebar.getByTestId('cart-subtotal')).toHaveText('₹500');
  await expect(sidebar.getByTestId('cart-shipping')).toHaveText('₹100');
  await expect(sidebar.getByTestId('cart-total')).toHaveText('₹600');

  await line.getByRole('button', { name: 'Add one Royal Chicken Pickle' }).click();
  await line.getByRole('button', { name: 'Add one Royal Chicken Pickle' }).click();
  await expect(line.getByTestId('cart-line-quantity')).toHaveText('3');
  await expect(sidebar.getByTestId('cart-subtotal')).toHaveText('₹1,500');
  await expect(sidebar.getByTestId('cart-shipping')).toHaveText('₹200');
  await expect(sidebar.getByTestId('cart-total')).toHaveText('₹1,700');
  await expect(page.getByTestId('cart-badge')).toHaveText('3');

  await line.getByRole('button', { name: 'Remove one Royal Chicken Pickle' }).click();
  await expect(line.getByTestId('cart-line-quantity')).toHaveText('2');
  await line.getByRole('button', { name: 'Remove one Royal Chicken Pickle' }).click();
  await line.getByRole('button', { name: 'Remove one Royal Chicken Pickle' }).click();
  await expect(line).toHaveCount(0);
  await expect(sidebar.getByText('Your cart is empty.')).toBeVisible();
  // No ₹0 rows for an empty cart.
  await expect(sidebar.getByTestId('cart-total')).toHaveCount(0);
  await expect(sidebar.getByText('₹0')).toHaveCount(0);
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), CART_KEY)).toBe('{}');
});

test('sidebar closes with Escape, the close button and the overlay; focus returns', async ({ page }) => {
  const open = page.getByRole('button', { name: /Open cart/ });
  const sidebar = page.getByRole('dialog', { name: 'Your Royal Cart' });
  await open.click();
  await expect(sidebar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sidebar).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await sidebar.getByRole('button', { name: 'Close cart' }).click();
  await expect(sidebar).toBeHidden();

  await open.click();
  await expect(sidebar).toBeVisible();
  await page.getByTestId('cart-overlay').click({ position: { x: 10, y: 10 } });
  await expect(sidebar).toBeHidden();

  // Keyboard: Tab stays inside the open dialog.
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(sidebar).toBeVisible();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
  expect(await sidebar.evaluate((el) => el.contains(document.activeElement))).toBe(true);
});

test('checkout with an empty cart is blocked with an alert', async ({ page }) => {
  await page.getByRole('button', { name: /Open cart/ }).click();
  const alerts: string[] = [];
  page.once('dialog', async (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect.poll(() => alerts).toEqual(['alert: Your cart is empty! Please add some delicacies.']);
  await expect(page).toHaveURL(/\/shop$/);
});

test('the empty cart offers a way back to the pickles that closes it', async ({ page }) => {
  const sidebar = page.getByRole('dialog', { name: 'Your Royal Cart' });
  await page.getByRole('button', { name: /Open cart/ }).click();
  await expect(sidebar.getByText('Your cart is empty.')).toBeVisible();
  await expect(sidebar.getByText('Subtotal')).toHaveCount(0);
  await sidebar.getByRole('link', { name: 'Shop pickles' }).click();
  await expect(sidebar).toBeHidden();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' })).toBeVisible();
});

test('checkout navigates to /payment with the cart, amounts in rupees and products', async ({ page }) => {
  await page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }).click();
  await page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }).click();
  await page.getByRole('button', { name: /Open cart/ }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const state = await page.evaluate(() => window.history.state?.usr);
  expect(state).toMatchObject({ cart: { '1': 2 }, subtotal: 1000, shippingCost: 150, total: 1150 });
  expect(state.products).toHaveLength(1);
  expect(state.products[0]).toMatchObject({ id: 1, name: 'Royal Chicken Pickle', price: 500 });
});

test('the cart survives a reload in the same session', async ({ page }) => {
  await page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }).click();
  await page.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }).click();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await page.getByRole('button', { name: /Open cart/ }).click();
  await expect(page.getByTestId('cart-line-1').getByTestId('cart-line-quantity')).toHaveText('2');
  await expect(page.getByTestId('cart-total')).toHaveText('₹1,150');
});

test('the coming-soon product cannot be added, not even through a tampered stored cart', async ({ page }) => {
  await page.getByTestId('product-2').getByRole('button', { name: 'Coming Soon' }).click({ force: true });
  await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  await expect(page.getByTestId('cart-popup')).toHaveCount(0);

  await page.evaluate((key) => sessionStorage.setItem(key, JSON.stringify({ 1: 1, 2: 3, 99: 1 })), CART_KEY);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await page.getByRole('button', { name: /Open cart/ }).click();
  await expect(page.getByTestId('cart-line-2')).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText('₹600');
});
