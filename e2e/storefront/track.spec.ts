import { DEMO_TRACKING_LINK_SECRET, trackingToken } from '@pickles/service-kit';
import { trackPath } from '@pickles/shared/shop-paths';
import { e2eDb, seedOrder, uniqueTag, type SeededOrder } from '../admin/fixtures.js';
import { expect, test, waitForHydration } from './fixtures.js';

/**
 * Guest order tracking (decision 010): a shopper finds a paid, dispatched order with the
 * order number and the phone used at checkout, or opens it from the signed link of an e-mail; a
 * wrong phone is told nothing more than for an order that does not exist.
 */
const NOT_FOUND = 'We could not find an order with those details. Check the order number and the phone number or e-mail you used at checkout.';
const PHONE = '9812345670';

test.beforeEach(async ({ skipSplash }) => skipSplash());

/** A paid order of two jars that the owner has handed to Delhivery. */
async function seedDispatchedOrder(): Promise<SeededOrder & { awb: string }> {
  const tag = uniqueTag();
  const order = await seedOrder({ tag, phone: PHONE, items: [{ name: 'Royal Chicken Pickle', quantity: 2 }] });
  const awb = `DLV${tag.slice(3).toUpperCase()}`;
  await e2eDb().insertInto('order_dispatches').values({ order_id: order.id, courier: 'delhivery', awb, tracking_url: null, recorded_by: 'admin', updated_at: new Date() }).execute();
  return { ...order, awb };
}

test('from the footer, the phone used at checkout finds the order on its way, with the courier link', async ({ page, pageErrors }) => {
  const order = await seedDispatchedOrder();
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Track your order' }).click();
  await expect(page).toHaveURL(/\/track$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track your order');

  await page.getByLabel('Order number', { exact: true }).fill(order.orderNumber.toLowerCase());
  await page.getByLabel('Phone number or e-mail').fill('+91 98123 45670');
  await page.getByRole('button', { name: 'Track order' }).click();

  const heading = page.getByRole('heading', { name: 'On its way with Delhivery' });
  await expect(heading).toBeFocused();
  const result = page.getByTestId('track-result');
  await expect(result).toContainText(`Order ${order.orderNumber}`);
  await expect(result.getByTestId('track-delivery')).toContainText('Expected delivery: between');
  await expect(result.getByTestId('track-delivery')).toContainText('days from dispatch.');
  await expect(result).toContainText(order.awb);
  await expect(result).toContainText('Royal Chicken Pickle');
  const courierLink = result.getByRole('link', { name: 'Track with Delhivery (opens in a new tab)' });
  await expect(courierLink).toHaveAttribute('href', `https://www.delhivery.com/track/package/${order.awb}`);
  await expect(courierLink).toHaveAttribute('target', '_blank');
  await expect(courierLink).toHaveAttribute('rel', /noopener/);
  // Nothing the shopper did not type: the address of the seeded order is not on the page.
  await expect(page.getByText('Civil Lines')).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a wrong phone number is told the order was not found, and sees nothing of it', async ({ page }) => {
  const order = await seedDispatchedOrder();
  await page.goto(`/track?order=${encodeURIComponent(order.orderNumber)}`);
  await expect(page.getByLabel('Order number', { exact: true })).toHaveValue(order.orderNumber);
  await page.getByLabel('Phone number or e-mail').fill('9812345671');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
  await expect(page.getByTestId('track-result')).toHaveCount(0);
  await expect(page.getByText(order.awb)).toHaveCount(0);
});

test('the signed link of an e-mail opens the order without typing', async ({ page }) => {
  const order = await seedDispatchedOrder();
  await page.goto(trackPath(order.orderNumber, trackingToken(DEMO_TRACKING_LINK_SECRET, order.orderNumber)));
  await expect(page.getByRole('heading', { name: 'On its way with Delhivery' })).toBeVisible();
  await expect(page.getByTestId('track-result').getByRole('link', { name: /Track with Delhivery/ })).toHaveAttribute('href', `https://www.delhivery.com/track/package/${order.awb}`);
  // A link signed for another order opens nothing.
  await page.goto(trackPath(order.orderNumber, trackingToken(DEMO_TRACKING_LINK_SECRET, `${order.orderNumber}X`)));
  await expect(page.getByRole('alert')).toHaveText(NOT_FOUND);
});
