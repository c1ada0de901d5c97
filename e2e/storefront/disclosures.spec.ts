import { findProduct } from '@pickles/shared/catalogue';
import { sellerProfileFromEnv, taxClassOf } from '@pickles/shared/seller-profile';
import { expect, test, waitForHydration } from './fixtures.js';

/**
 * What the law asks an Indian online food seller to show, on the pages named there. The
 * web build of this run read the same environment (e2e/global-setup.ts), so the profile is this one.
 */
const seller = sellerProfileFromEnv(process.env);
const chicken = findProduct(1)!;

test.beforeEach(async ({ skipSplash }) => skipSplash());

/** The page's HTML as the server sends it, before any script runs, as text. */
async function servedText(page: import('@playwright/test').Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  // React separates adjacent text with empty comments; phone numbers and units use no-break spaces.
  return html.replace(/<!-- -->/g, '').replace(/\u00a0/g, ' ');
}

test('the footer shows the FSSAI logo and licence number, in the prerendered HTML too', async ({ page, pageErrors }) => {
  await page.goto('/');
  const fssai = page.getByRole('contentinfo').locator('.site-footer__fssai');
  await expect(fssai.getByText('fssai', { exact: true })).toBeVisible();
  await expect(fssai.getByText(`Lic. No. ${seller.fssaiLicence}`)).toBeVisible();
  expect(await servedText(page, '/')).toContain(`Lic. No. ${seller.fssaiLicence}`);
  expect(pageErrors).toEqual([]);
});

test('the footer leads to the seller details: GSTIN, grievance officer, customer care, payments', async ({ page, pageErrors }) => {
  await page.goto('/shop');
  await waitForHydration(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Seller details' }).click();
  await expect(page).toHaveURL(/\/policies\/contact-us#seller-details$/);
  const heading = page.getByRole('heading', { level: 2, name: 'Seller details' });
  // Scrolled to it: its heading at the top of the window, not merely somewhere on the page.
  const headingTop = () => heading.evaluate((element) => Math.round(element.getBoundingClientRect().top));
  await expect.poll(headingTop).toBeLessThan(40);
  const section = page.locator('section', { has: heading });
  for (const text of [
    `Legal name: ${seller.legalName}`,
    `Trade name: ${seller.tradeName}`,
    `GSTIN: ${seller.gstin}`,
    `FSSAI licence number: ${seller.fssaiLicence}`,
    `${seller.grievanceOfficer.name}, ${seller.grievanceOfficer.designation}`,
    seller.address.state,
    seller.paymentProvider.name,
  ]) {
    await expect(section).toContainText(text);
  }
  await expect(section.getByRole('link', { name: seller.grievanceOfficer.email })).toHaveAttribute('href', `mailto:${seller.grievanceOfficer.email}`);
  await expect(section.getByText(seller.grievanceOfficer.phone)).toBeVisible();
  await expect(section.getByRole('link', { name: seller.customerCare.email })).toBeVisible();
  await expect(section.getByText(seller.customerCare.phone)).toBeVisible();

  // A fresh load of the link lands there too, and the prerendered page carries the section.
  await page.goto('/policies/contact-us#seller-details');
  await expect.poll(headingTop).toBeLessThan(40);
  const served = await servedText(page, '/policies/contact-us');
  for (const text of [`GSTIN: ${seller.gstin}`, seller.grievanceOfficer.name, seller.grievanceOfficer.email]) expect(served).toContain(text);
  expect(pageErrors).toEqual([]);
});

test('each product shows the non-veg mark, MRP with taxes, net quantity and unit price; the label details open', async ({ page, pageErrors }) => {
  await page.goto('/shop');
  await waitForHydration(page);
  const card = page.getByTestId('product-1');
  await expect(card.getByRole('img', { name: 'Non-vegetarian' })).toBeVisible();
  await expect(card.getByText('MRP ₹500 (incl. of all taxes)')).toBeVisible();
  // ₹500 for 350 g: 142.857 paise a gram.
  await expect(card.getByText('Net quantity 350 g · ₹1.43 per g')).toBeVisible();
  await expect(page.getByTestId('product-2').getByText('Net quantity 350 g · ₹2.86 per g')).toBeVisible();

  const ingredients = card.getByText(chicken.ingredients!);
  await expect(ingredients).toBeHidden();
  await card.getByText('Ingredients and label details').click();
  await expect(ingredients).toBeVisible();
  for (const text of ['Contains mustard.', 'Store in a cool, dry place; refrigerate after opening; use a dry spoon.', '6 months from packing', 'India', `${seller.legalName}, `]) {
    await expect(card.getByText(text, { exact: false }).first()).toBeVisible();
  }

  const served = await servedText(page, '/shop');
  for (const text of ['aria-label="Non-vegetarian"', 'MRP ₹500 (incl. of all taxes)', 'Net quantity 350 g · ₹1.43 per g', chicken.ingredients!, '6 months from packing', seller.legalName]) {
    expect(served).toContain(text);
  }
  expect(pageErrors).toEqual([]);
});

test('the cart and the payment summary say how much GST the total contains', async ({ page, pageErrors }) => {
  // Worked by hand at 12%: ₹500 -> taxable 446.43 + GST 53.57; ₹100 shipping -> 89.29 + 10.71.
  expect(taxClassOf(seller, chicken.id).ratePercent, 'the figures below are worked at 12%').toBe(12);
  await page.goto('/shop');
  await waitForHydration(page);
  await page.getByRole('button', { name: `Add to Cart: ${chicken.name}` }).click();
  await page.getByRole('button', { name: /Open cart/ }).click();
  const sidebar = page.getByRole('dialog', { name: 'Your Royal Cart' });
  await expect(sidebar.getByTestId('cart-total')).toHaveText('₹600');
  await expect(sidebar.getByTestId('cart-gst')).toHaveText('Includes GST of ₹64.28');
  await expect(sidebar.getByText('Prices in INR, MRP inclusive of GST.', { exact: false })).toBeVisible();

  await sidebar.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Subtotal')).toBeVisible();
  await expect(summary.getByTestId('summary-total')).toHaveText('₹600');
  await expect(summary.getByTestId('summary-gst')).toHaveText('Includes GST of ₹64.28');
  await expect(summary.getByText('Prices in INR, MRP inclusive of GST. Prepaid only.')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
