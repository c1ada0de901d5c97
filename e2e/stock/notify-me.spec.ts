import type { Browser, Page } from '@playwright/test';
import { NOTIFY_ME_MESSAGES } from '@pickles/shared/batch-subscriptions';
import { stackUrls, type CaughtEmail } from '../support/stack.js';
import { e2eDb, expect, openPanelLoggedIn, test, uniqueTag } from '../admin/fixtures.js';

/**
 * "Tell me when the next batch is ready" through the real shop (decision 029): a shopper signs up
 * on the coming-soon kofta, opens the confirmation link from the mail catcher, the owner opens a batch
 * of 12 jars on the Stock page, and the shopper's e-mail arrives once with the jar count; another
 * batch sends nothing more. Desktop, once; the kofta goes back to coming soon afterwards.
 */
test.use({ viewport: { width: 1280, height: 900 } });

const KOFTA = 'Shahi Mutton Kofta Pickle';
const KOFTA_ID = 2;

async function resetKofta(): Promise<void> {
  await e2eDb().updateTable('product_stock').set({ state: 'coming-soon', batch_jars: null, next_batch_date: null, updated_by: 'e2e' }).where('product_id', '=', KOFTA_ID).execute();
}

test.beforeAll(resetKofta);
test.afterAll(resetKofta);

async function mailsTo(to: string, subject: string): Promise<CaughtEmail[]> {
  const response = await fetch(`${stackUrls().mailUrl}/api/messages?${new URLSearchParams({ to, subject }).toString()}`);
  return ((await response.json()) as { messages: CaughtEmail[] }).messages;
}

async function shopperPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => window.sessionStorage.setItem('royalPicklesSplashSeen', '1'));
  return page;
}

test('a shopper signs up on a coming-soon product, confirms, and hears once when the owner opens a batch', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = `asha.${uniqueTag()}@example.in`;
  const shopper = await shopperPage(browser);

  // The form under the coming-soon card: its purpose next to the field, a bad address refused in words.
  await shopper.goto('/shop');
  await shopper.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  const card = shopper.getByTestId(`product-${KOFTA_ID}`);
  await card.getByText('Notify me of the next batch').click();
  await expect(card.getByText(NOTIFY_ME_MESSAGES.purpose(KOFTA))).toBeVisible();
  await card.getByLabel('Your e-mail address').fill('asha@');
  await card.getByRole('button', { name: 'Notify me' }).click();
  await expect(card.getByTestId('notify-me-error')).toHaveText(NOTIFY_ME_MESSAGES.email);
  await card.getByLabel('Your e-mail address').fill(email);
  await card.getByRole('button', { name: 'Notify me' }).click();
  await expect(card.getByTestId('notify-me-done')).toHaveText(NOTIFY_ME_MESSAGES.checkInbox(email));

  // The confirmation e-mail, and its link's plain page.
  await expect.poll(async () => (await mailsTo(email, 'Confirm')).length, { timeout: 20_000 }).toBe(1);
  const [confirmMail] = await mailsTo(email, 'Confirm');
  const confirmLink = confirmMail!.text.split(/\s+/).find((word) => word.includes('/api/notify-me/confirm?t='))!;
  expect(confirmLink).toBeTruthy();
  await shopper.goto(confirmLink);
  // Opening the link asks first (a mail scanner opening it confirms nothing); the button confirms.
  await expect(shopper.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeVisible();
  await shopper.getByRole('button', { name: 'Yes, tell me' }).click();
  await expect(shopper.getByRole('heading', { name: 'You are on the list' })).toBeVisible();
  await expect(shopper.getByTestId('notify-page-message')).toHaveText(NOTIFY_ME_MESSAGES.confirmed(KOFTA));

  // The owner sees who is waiting, and opens a batch of 12 jars.
  await openPanelLoggedIn(page);
  await page.goto('/admin/stock');
  const stock = page.getByRole('region', { name: KOFTA });
  await expect(stock.getByTestId('stock-subscribers')).toHaveText(/^\d+ shoppers? will be e-mailed once when you open the next batch/);
  const waiting = Number((await stock.getByTestId('stock-subscribers').textContent())!.split(' ')[0]);
  await stock.getByLabel('State').selectOption('On sale');
  await stock.getByLabel('Jars in this batch').fill('12');
  await stock.getByLabel('This is a new batch').check();
  await stock.getByRole('button', { name: 'Save' }).click();
  await expect(stock.getByRole('status').first()).toHaveText(`Saved. The new batch is being e-mailed to ${waiting} ${waiting === 1 ? 'shopper' : 'shoppers'}.`);
  await expect(stock.getByTestId('stock-subscribers')).toHaveText(`Nobody is waiting to hear about the next batch. The last batch you opened was e-mailed to ${waiting} ${waiting === 1 ? 'shopper' : 'shoppers'}.`);

  // The shopper's e-mail: once, with the jar count and the product's page.
  await expect.poll(async () => (await mailsTo(email, 'new batch')).length, { timeout: 20_000 }).toBe(1);
  const [ready] = await mailsTo(email, 'new batch');
  expect(ready!.subject).toBe(`The new batch of ${KOFTA} is ready`);
  expect(ready!.text).toContain('It has 12 jars, on sale now.');
  expect(ready!.text).toContain('/shop/');
  await expect
    .poll(async () => (await e2eDb().selectFrom('sent_emails').select('state').where('kind', '=', 'batch-ready').where('recipient', '=', email).execute()).map((row) => row.state))
    .toEqual(['sent']);

  // Sold out, then another batch: the sign-up was fulfilled, nobody is told, no event, no e-mail.
  const openings = async () => (await e2eDb().selectFrom('outbox_events').select('id').where('type', '=', 'batch.opened').execute()).length;
  const openingsBefore = await openings();
  await stock.getByLabel('State').selectOption('Coming soon');
  await stock.getByRole('button', { name: 'Save' }).click();
  await expect(stock.getByRole('status').first()).toHaveText('Saved.');
  await stock.getByLabel('State').selectOption('On sale');
  await stock.getByLabel('Jars in this batch').fill('20');
  await stock.getByLabel('This is a new batch').check();
  await stock.getByRole('button', { name: 'Save' }).click();
  await expect(stock.getByRole('status').first()).toHaveText('Saved.');
  expect(await openings()).toBe(openingsBefore);
  expect(await mailsTo(email, 'new batch')).toHaveLength(1);
  expect(await mailsTo(email, 'Confirm')).toHaveLength(1);
  await shopper.context().close();
});
