import { POLICIES, expect, freezeClock, navigateWithState, test, waitForHydration } from './fixtures.js';

test.beforeEach(async ({ skipSplash }) => skipSplash());

test('about: hero, legacy story, four benefit cards and a call to action', async ({ page }) => {
  await page.goto('/about');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toContainText('Meat Pickles');
  await expect(main.getByRole('heading', { name: 'A Legacy of More Than a Century' })).toBeVisible();
  for (const benefit of ['Lakadong Turmeric', 'Cayenne Pepper', 'Himalayan Rock Salt', 'Fresh Oils']) {
    await expect(main.getByRole('heading', { name: benefit, level: 3 })).toBeVisible();
  }
  await waitForHydration(page);
  await main.getByRole('link', { name: 'Shop Our Pickles' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

const FIGURES: Record<string, RegExp[]> = {
  'shipping-policy': [
    /₹50 base per order plus ₹50 per item/,
    /no free shipping/i,
    /do not offer cash on delivery/,
    /pan-India only/,
    /do not offer international shipping/,
    /within about 36 hours of payment/,
    /processed .* within 7-10 days/,
    /Delivery takes a further 7-10 days/,
    /within 15 days of payment/,
    /MRP inclusive of GST/,
  ],
  'refund-policy': [
    /paid orders cannot be cancelled by customers/,
    /within 24 hours of delivery/,
    /unboxing video/,
    /reviewed within 3-5 business days/,
    /within 7-10 business days/,
    /Shipping charges are non-refundable, unless the error is ours/,
    /within 2 business days/,
    /1-2\s+business days/,
  ],
  'terms-and-conditions': [/18 years of age or older/, /Paid orders cannot be cancelled by customers/, /within 24 hours of delivery/, /INR/],
  'contact-us': [/Delhi, India/, /1-2 business days/, /15 days of payment/, /within 2 business days/, /support@royalpickles\.in/],
  'privacy-policy': [/Razorpay/, /18 years of age or older/],
};

for (const policy of POLICIES) {
  test(`policy ${policy.name}: sidebar and the spec's figures`, async ({ page }, testInfo) => {
    await page.goto(`/policies/${policy.name}`);
    await waitForHydration(page);
    const content = page.locator('article.policy-content');
    await expect(content.getByRole('heading', { level: 1 })).toHaveText(policy.title);
    for (const figure of FIGURES[policy.name] ?? []) await expect(content).toContainText(figure);

    const nav = page.getByRole('navigation', { name: 'Legal Policies' });
    const links = nav.getByRole('link');
    if (testInfo.project.name === 'phone') {
      // Collapsible on phones: closed by default, the title toggles it.
      const toggle = nav.getByRole('button', { name: 'Legal Policies' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expect(links.first()).toBeHidden();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    }
    await expect(links).toHaveCount(5);
    for (const other of POLICIES) {
      await expect(nav.getByRole('link', { name: other.title })).toHaveAttribute('href', `/policies/${other.name}`);
    }
    const next = POLICIES.find((other) => other.name !== policy.name)!;
    await nav.getByRole('link', { name: next.title }).click();
    await expect(page).toHaveURL(new RegExp(`/policies/${next.name}$`));
    await expect(content.getByRole('heading', { level: 1 })).toHaveText(next.title);
    if (testInfo.project.name === 'phone') await expect(links.first()).toBeHidden();
  });
}

test.describe('payment result pages', () => {
  test('/payment-success without an order id redirects home at once', async ({ page }) => {
    await page.goto('/payment-success');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Taste the Royalty in Every Bite' })).toBeVisible();
  });

  test('/payment-success shows the order and returns home after 10 s', async ({ page, pageErrors }) => {
    await freezeClock(page);
    await page.goto('/shop');
    await waitForHydration(page);
    await navigateWithState(page, '/payment-success', { orderId: 'order_ABC123', paymentId: 'pay_XYZ789', amount: 600 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Successful!');
    await expect(page.getByText('Your order details will be emailed to you shortly.')).toBeVisible();
    await expect(page.getByTestId('success-order-id')).toHaveText('order_ABC123');
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    await page.clock.runFor(9_000);
    await expect(page).toHaveURL(/\/payment-success$/);
    await page.clock.runFor(1_100);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Taste the Royalty in Every Bite' })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('Continue Shopping goes to the shop', async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    await navigateWithState(page, '/payment-success', { orderId: 'order_1' });
    await page.getByRole('link', { name: 'Continue Shopping' }).click();
    await expect(page).toHaveURL(/\/shop$/);
  });

  test('/payment-failed shows the error, the four tips, Try Again and Go Home', async ({ page }) => {
    await page.goto('/shop');
    await waitForHydration(page);
    await navigateWithState(page, '/payment-failed', { error: 'Card declined by issuer' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Failed');
    await expect(page.getByTestId('payment-error')).toHaveText('Card declined by issuer');
    const tips = page.locator('.result-page__tips li');
    await expect(tips).toHaveText([/another payment method/i, /card details/i, /your bank/i, /support/i]);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page).toHaveURL(/\/shop$/);

    await page.goForward();
    await expect(page).toHaveURL(/\/payment-failed$/);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/payment-failed without an error shows no error text', async ({ page }) => {
    await page.goto('/payment-failed');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Failed');
    await expect(page.getByTestId('payment-error')).toHaveCount(0);
  });
});
