import { expect, test, waitForHydration } from './fixtures.js';

test.beforeEach(async ({ skipSplash }) => skipSplash());

const LINKS = [
  { name: 'Shop Our Pickles', href: '/shop' },
  { name: 'Our Story', href: '/about' },
  { name: 'Shipping Policy', href: '/policies/shipping-policy' },
  { name: 'Terms & Conditions', href: '/policies/terms-and-conditions' },
  { name: 'Cancellation & Refunds', href: '/policies/refund-policy' },
  { name: 'Privacy Policy', href: '/policies/privacy-policy' },
  { name: 'Contact Us', href: '/policies/contact-us' },
];

// The footer lives in the shared layout: one prerendered page, one shell page and the not-found page.
for (const path of ['/policies/contact-us', '/payment-failed', '/no-such-page']) {
  test(`footer on ${path}`, async ({ page }) => {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    for (const link of LINKS) await expect(footer.getByRole('link', { name: link.name, exact: true })).toHaveAttribute('href', link.href);
    for (const social of ['Facebook', 'Twitter', 'Instagram', 'YouTube', 'Pinterest']) {
      await expect(footer.getByRole('link', { name: social, exact: true })).toBeVisible();
    }
    await expect(footer.getByRole('link', { name: 'support@royalpickles.in' })).toHaveAttribute('href', 'mailto:support@royalpickles.in');
    await expect(footer.getByText('Delhi, India')).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Royal Pickles™`);
  });
}

test('footer links navigate inside the app', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const footer = page.getByRole('contentinfo');
  for (const link of LINKS) {
    await footer.getByRole('link', { name: link.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${link.href}$`));
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
});
