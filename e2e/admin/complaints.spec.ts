import type { APIRequestContext, Page } from '@playwright/test';
import { sql } from '@pickles/db';
import type { SubmitComplaintResponse } from '@pickles/shared/api';
import { complaintDeadlines } from '@pickles/shared/complaints';
import { emailsAbout } from '../support/stack.js';
import { ADMIN, e2eDb, expect, openPanelLoggedIn, test, uniqueTag } from './fixtures.js';

/**
 * The owner's complaints: a new complaint is listed under Open with the rules' two
 * deadlines; one past them is marked late, in words, and counted under Late; the owner acknowledges
 * and resolves it, it moves to Resolved, and the shopper receives the resolution by e-mail.
 */
test.use({ viewport: { width: 1280, height: 900 } });

/** As the admin's cards print a date: "3 Nov 2026, 10:00 am IST". */
const inIndia = (iso: string | Date) =>
  `${new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }).format(new Date(iso))} IST`;

async function submitComplaint(request: APIRequestContext, tag: string, message: string): Promise<SubmitComplaintResponse & { email: string }> {
  const email = `complaint.${tag}@example.in`;
  const response = await request.post('/api/complaints', { data: { name: `Meera ${tag}`, email, phone: '9812345670', category: 'quality', message } });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as SubmitComplaintResponse), email };
}

/** Moves a complaint 40 days into the past: both its deadlines are gone. */
async function makeLate(ticketNumber: string): Promise<void> {
  const receivedAt = new Date(Date.now() - 40 * 86_400_000);
  const { acknowledgeBy, resolveBy } = complaintDeadlines(receivedAt);
  // created_at is written once by the database (no update through the typed builder): plain SQL.
  await sql`update complaints set created_at = ${receivedAt}, acknowledge_by = ${acknowledgeBy}, resolve_by = ${resolveBy} where ticket_number = ${ticketNumber}`.execute(e2eDb());
}

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Complaints by state' }).getByRole('link', { name: new RegExp(`^${name} \\d+$`) });
const card = (page: Page, ticket: string) => page.getByRole('article', { name: ticket });

/** The number a tab shows, which must match the cards listed under it. */
async function tabCount(page: Page, name: string): Promise<number> {
  const text = (await tab(page, name).textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

test('a complaint is listed under Open with its deadlines; a late one is marked and counted, then acknowledged, resolved and e-mailed', async ({ page }) => {
  const fresh = await submitComplaint(page.request, uniqueTag(), 'The pickle tasted of nothing but salt.');
  const late = await submitComplaint(page.request, uniqueTag(), 'The jar arrived broken.\nPlease send another one.');
  await makeLate(late.ticketNumber);

  await openPanelLoggedIn(page);
  await page.getByRole('banner').getByRole('link', { name: /^Complaints/ }).click();
  await expect(page).toHaveURL(/\/admin\/complaints$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complaints');
  await expect(tab(page, 'Open')).toHaveAttribute('aria-current', 'page');

  const freshCard = card(page, fresh.ticketNumber);
  await expect(freshCard).toContainText('Open');
  await expect(freshCard).toContainText('Taste or quality');
  await expect(freshCard).toContainText(fresh.email);
  await expect(freshCard).toContainText(`Received ${inIndia(fresh.receivedAt)}`);
  await expect(freshCard).toContainText(`Acknowledge by${inIndia(fresh.acknowledgeBy)}`);
  await expect(freshCard).toContainText(`Resolve by${inIndia(fresh.resolveBy)}`);
  await expect(freshCard.getByText(/late/i)).toHaveCount(0);

  const lateCard = card(page, late.ticketNumber);
  await expect(lateCard.getByText('Late', { exact: true })).toBeVisible();
  await expect(lateCard.getByText('Acknowledgement late')).toBeVisible();
  await expect(lateCard.getByText('Resolution late')).toBeVisible();
  // The message keeps its line break.
  await expect(lateCard.locator('blockquote')).toHaveText('The jar arrived broken.\nPlease send another one.');

  // Late: the late one is there, the fresh one is not, and the count is what is listed.
  await tab(page, 'Late').click();
  await expect(tab(page, 'Late')).toHaveAttribute('aria-current', 'page');
  await expect(card(page, late.ticketNumber)).toBeVisible();
  await expect(card(page, fresh.ticketNumber)).toHaveCount(0);
  expect(await tabCount(page, 'Late')).toBe(await page.getByRole('article').count());
  await expect(page.getByRole('banner')).toContainText(`${await tabCount(page, 'Late')} late`);

  const lateHere = card(page, late.ticketNumber);
  await lateHere.getByRole('button', { name: `Acknowledge ${late.ticketNumber}` }).click();
  await expect(lateHere.getByText('Acknowledged late')).toBeVisible();
  await expect(lateHere).toContainText(new RegExp(`Acknowledged \\d{1,2} \\w{3} \\d{4}, .* by ${ADMIN.username}`));
  await expect(lateHere.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);

  await lateHere.getByRole('button', { name: `Resolve ${late.ticketNumber}` }).click();
  await lateHere.getByRole('button', { name: 'Resolve and e-mail' }).click();
  await expect(lateHere.getByText(/Say what was done/)).toBeVisible();
  const resolution = 'We have sent a new jar by Delhivery.\nSorry for the trouble.';
  await lateHere.getByLabel(/^Resolution/).fill(resolution);
  await lateHere.getByRole('button', { name: 'Resolve and e-mail' }).click();
  await expect(lateHere.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(lateHere.getByText('Resolved late')).toBeVisible();
  await expect(lateHere.getByRole('button', { name: /^Resolve/ })).toHaveCount(0);

  await tab(page, 'Resolved').click();
  const resolvedCard = card(page, late.ticketNumber);
  await expect(resolvedCard).toContainText(new RegExp(`Resolved \\d{1,2} \\w{3} \\d{4}, .* by ${ADMIN.username}`));
  await expect(resolvedCard.getByRole('heading', { name: 'Resolution' })).toBeVisible();
  await expect(resolvedCard).toContainText('We have sent a new jar by Delhivery.');
  await tab(page, 'Open').click();
  await expect(card(page, fresh.ticketNumber)).toBeVisible();
  await expect(card(page, late.ticketNumber)).toHaveCount(0);

  // The shopper hears at each step: the ticket, the acknowledgement and the resolution.
  const subjects = async () => (await emailsAbout(late.ticketNumber)).filter((mail) => mail.to.includes(late.email)).map((mail) => mail.subject);
  await expect
    .poll(subjects, { timeout: 20_000 })
    .toEqual(
      expect.arrayContaining([
        `Your complaint has been registered: ticket ${late.ticketNumber}`,
        `We are looking into your complaint ${late.ticketNumber}`,
        `Your complaint ${late.ticketNumber} has been resolved`,
      ]),
    );
  const resolvedMail = (await emailsAbout(late.ticketNumber)).find((mail) => mail.subject === `Your complaint ${late.ticketNumber} has been resolved`)!;
  expect(resolvedMail.text).toContain('We have sent a new jar by Delhivery.');
});
