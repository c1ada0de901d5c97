import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { COMPLAINT_MESSAGES } from '@pickles/shared/complaints';
import { buyOneJar } from '../support/purchase.js';
import { emailsAbout, shopDb } from '../support/stack.js';
import { expect, test, waitForHydration } from './fixtures.js';

/**
 * Complaints with ticket numbers: a shopper finds the form from the Contact Us policy,
 * is told what is missing, sends it and sees the ticket number, which also arrives by e-mail; from
 * the tracking page of an order they paid for, the form opens with the order number filled in.
 */
test.beforeEach(async ({ skipSplash }) => skipSplash());

const TICKET = /^GRV-\d{6}-\d{4,}$/;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page: page as never }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('from Contact Us: the empty form says what is missing, the sent one shows its ticket, which arrives by e-mail', async ({ page, pageErrors }) => {
  const email = `complaint.${Date.now()}@example.in`;
  await page.goto('/policies/contact-us');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Raise a complaint' }).click();
  await expect(page).toHaveURL(/\/complaint$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raise a complaint');
  await expect(page).toHaveTitle('Raise a complaint | Royal Pickles');
  // The grievance officer is the way to escalate, named on the form's page.
  await expect(page.getByRole('region', { name: 'Grievance officer' })).toContainText('Grievance Officer');

  await page.getByRole('button', { name: 'Send complaint' }).click();
  for (const message of [COMPLAINT_MESSAGES.name, COMPLAINT_MESSAGES.email, COMPLAINT_MESSAGES.category, COMPLAINT_MESSAGES.message]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Full name')).toBeFocused();
  expect(await seriousViolations(page), 'the form with its messages').toEqual([]);

  await page.getByLabel('Full name').fill('Kavya Menon');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('+91 98765 43210');
  await page.getByLabel('What is it about?').selectOption({ label: 'Jar damaged or leaking' });
  const message = 'The jar arrived with a cracked lid\nand oil had leaked into the box.';
  await page.getByLabel('What happened?').fill(message);
  await expect(page.getByText(`${message.length} of 2000 characters`)).toBeVisible();
  await page.getByRole('button', { name: 'Send complaint' }).click();

  const sent = page.getByTestId('complaint-sent');
  await expect(sent.getByRole('heading', { name: 'Complaint received' })).toBeFocused();
  const ticket = (await sent.getByTestId('complaint-ticket').textContent()) ?? '';
  expect(ticket).toMatch(TICKET);
  await expect(sent).toContainText(/We will acknowledge by\s*\d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m IST/);
  await expect(sent).toContainText(/and resolve by\s*\d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m IST/);
  await expect(sent).toContainText(`We have e-mailed this ticket to ${email}.`);
  expect(await seriousViolations(page), 'the sent panel').toEqual([]);

  const row = await shopDb().selectFrom('complaints').select(['email', 'phone', 'category', 'message', 'order_number']).where('ticket_number', '=', ticket).executeTakeFirst();
  expect(row).toEqual({ email, phone: '9876543210', category: 'damaged', message, order_number: null });

  await expect
    .poll(async () => (await emailsAbout(ticket)).filter((mail) => mail.to.includes(email)).map((mail) => mail.subject), { timeout: 20_000 })
    .toEqual([`Your complaint has been registered: ticket ${ticket}`]);
  expect(pageErrors).toEqual([]);
});

test('from the tracking page of a paid order, the form opens with its order number and the complaint is tied to the order', async ({ page }) => {
  test.setTimeout(120_000);
  const email = `complaint.track.${Date.now()}@example.in`;
  const order = await buyOneJar(page, email);
  await page.getByRole('link', { name: 'Track this order' }).click();
  await expect(page.getByLabel('Order number', { exact: true })).toHaveValue(order.orderNumber);
  await page.getByLabel('Phone number or e-mail').fill(email);
  await page.getByRole('button', { name: 'Track order' }).click();

  await page.getByTestId('track-result').getByRole('link', { name: 'Raise a complaint' }).click();
  await expect(page).toHaveURL(`/complaint?order=${encodeURIComponent(order.orderNumber)}`);
  await expect(page.getByLabel('Order number')).toHaveValue(order.orderNumber);

  await page.getByLabel('Full name').fill('Kavya Menon');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('What is it about?').selectOption({ label: 'Order not received' });
  await page.getByLabel('What happened?').fill('It has been three weeks and nothing has arrived.');
  await page.getByRole('button', { name: 'Send complaint' }).click();
  const ticket = (await page.getByTestId('complaint-ticket').textContent()) ?? '';
  expect(ticket).toMatch(TICKET);
  const row = await shopDb().selectFrom('complaints').select(['order_number', 'order_id']).where('ticket_number', '=', ticket).executeTakeFirst();
  expect(row).toEqual({ order_number: order.orderNumber, order_id: order.id });
});
