import { expect, test } from '@playwright/test';
import { buyOneJar } from '../support/purchase.js';

/**
 * The success page on a 360 px phone: in its first screen the countdown home and the control that
 * stops it (WCAG 2.2.1), the order number with its Copy button on the same line, lined up with the
 * other values, and the way to track the order.
 */
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test('at 360 px the countdown, "Stay on this page", the order number and the tracking link are in the first screen; Stay keeps the shopper there', async ({ page }) => {
  // The page's clock is the test's (it runs as usual until moved on): the countdown's 10 s pass at once.
  await page.clock.install();
  const order = await buyOneJar(page, `success.${Date.now()}@example.in`);
  const viewport = page.viewportSize()!;
  const inFirstScreen = async (name: string, locator: ReturnType<typeof page.getByRole>) => {
    const box = (await locator.boundingBox())!;
    expect(box.y + box.height, `${name} in the first screen`).toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width, `${name} within the width`).toBeLessThanOrEqual(viewport.width);
  };
  await expect(page.getByTestId('success-countdown')).toHaveText(/^You will be taken to the home page in \d+ seconds?\.$/);
  await inFirstScreen('the countdown', page.getByTestId('success-countdown'));
  await inFirstScreen('Stay on this page', page.getByRole('button', { name: 'Stay on this page' }));
  await expect(page.getByTestId('success-order-id')).toHaveText(order.orderNumber);
  await inFirstScreen('the order number', page.getByTestId('success-order-id'));
  await inFirstScreen('Track this order', page.getByRole('link', { name: 'Track this order' }));

  // Labels in one column, values in the next, the Copy button on the order number's line.
  const label = async (text: string) => (await page.locator('.success-details dt', { hasText: text }).boundingBox())!;
  const value = async (index: number) => (await page.locator('.success-details .success-details__value').nth(index).boundingBox())!;
  expect((await label('Order ID')).x).toBe((await label('Payment ID')).x);
  expect((await value(0)).x).toBe((await value(1)).x);
  const orderId = await value(0);
  const copy = (await page.getByRole('button', { name: 'Copy' }).boundingBox())!;
  expect(copy.y).toBeLessThan(orderId.y + orderId.height);
  expect(copy.y + copy.height).toBeGreaterThan(orderId.y);

  await page.getByRole('button', { name: 'Stay on this page' }).tap();
  await expect(page.getByText('You are staying on this page.')).toBeVisible();
  await page.clock.runFor(11_000);
  await expect(page).toHaveURL(/\/payment-success$/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});
