import { AxeBuilder } from '@axe-core/playwright';
import { ATTENTION_TEXT } from '@pickles/shared';
import type { Page } from '@playwright/test';
import { e2eDb, expect, openPanelLoggedIn, orderRows, panelListed, searchFor, seedAttention, seedOrder, test, uniqueTag } from './fixtures.js';

const inIndia = (date: Date) => date.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' });

async function openItemCount(): Promise<number> {
  const row = await e2eDb()
    .selectFrom('payment_attention')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('resolved_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Math.min(Number(row.n), 50);
}

const attentionRegion = (page: Page) => page.getByRole('region', { name: /^Payments needing attention \(\d+\)$/ });

/** More than three open items collapse behind "Show all N". */
async function expandAttention(page: Page): Promise<void> {
  const showAll = attentionRegion(page).getByRole('button', { name: /^Show all \d+$/ });
  if (await showAll.isVisible()) await showAll.click();
}

test('open payment problems show above the cards until the owner marks them resolved', async ({ page }) => {
  const tag = uniqueTag();
  const order = await seedOrder({ tag, status: 'paid', amountPaise: 115_000 });
  const mismatchAt = new Date(Date.now() - 60_000);
  const mismatch = await seedAttention({
    kind: 'amount-mismatch',
    orderId: order.id,
    orderNumber: order.orderNumber,
    razorpayOrderId: `order_${tag}`,
    paymentId: `pay_${tag}mismatch`,
    amountPaise: 50_000,
    expectedAmountPaise: 115_000,
    createdAt: mismatchAt,
  });
  const unknown = await seedAttention({ kind: 'capture-for-unknown-order', razorpayOrderId: `order_${tag}x`, paymentId: `pay_${tag}unknown`, amountPaise: 60_000 });
  const open = await openItemCount();

  await openPanelLoggedIn(page);
  const region = page.getByRole('region', { name: `Payments needing attention (${open})` });
  await expect(region).toBeVisible();
  await expandAttention(page);
  // Above the cards.
  const regionBox = (await region.boundingBox())!;
  const cardsBox = (await page.getByRole('region', { name: 'Order summary' }).boundingBox())!;
  expect(regionBox.y + regionBox.height).toBeLessThanOrEqual(cardsBox.y);

  const mismatchItem = region.getByRole('listitem').filter({ hasText: `pay_${tag}mismatch` });
  await expect(mismatchItem).toContainText(ATTENTION_TEXT['amount-mismatch']);
  await expect(mismatchItem).toContainText(order.orderNumber);
  await expect(mismatchItem).toContainText('Amount₹500');
  await expect(mismatchItem).toContainText('Expected₹1,150');
  await expect(mismatchItem).toContainText(inIndia(mismatchAt));

  // Found through any count in the heading: it changes as items are resolved.
  const unknownItem = attentionRegion(page).getByRole('listitem').filter({ hasText: `pay_${tag}unknown` });
  await expect(unknownItem).toContainText(ATTENTION_TEXT['capture-for-unknown-order']);
  await expect(unknownItem).toContainText('Orderunknown order');
  await expect(unknownItem).toContainText('Amount₹600');
  await expect(unknownItem).not.toContainText('Expected');

  // Newest first.
  const paymentIds = await region.locator('.attention-id').allTextContents();
  expect(paymentIds.indexOf(`pay_${tag}unknown`)).toBeLessThan(paymentIds.indexOf(`pay_${tag}mismatch`));

  const axe = await new AxeBuilder({ page: page as never }).include('.attention-panel').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await mismatchItem.getByRole('button', { name: `Mark resolved for payment pay_${tag}mismatch` }).click();
  await expect(mismatchItem).toBeHidden();
  await expect(page.getByRole('region', { name: `Payments needing attention (${open - 1})` })).toBeVisible();
  const resolved = await e2eDb().selectFrom('payment_attention').select(['resolved_at', 'resolved_by']).where('id', '=', mismatch).executeTakeFirstOrThrow();
  expect(resolved.resolved_at).not.toBeNull();
  expect(resolved.resolved_by).toBe('admin:admin');

  // The server no longer lists it.
  await page.reload();
  await panelListed(page);
  await expandAttention(page);
  await expect(unknownItem).toBeVisible();
  await expect(attentionRegion(page).getByRole('listitem').filter({ hasText: `pay_${tag}mismatch` })).toHaveCount(0);

  await unknownItem.getByRole('button', { name: /^Mark resolved/ }).click();
  await expect(unknownItem).toBeHidden();
  const unknownRow = await e2eDb().selectFrom('payment_attention').select('resolved_at').where('id', '=', unknown).executeTakeFirstOrThrow();
  expect(unknownRow.resolved_at).not.toBeNull();
  if ((await openItemCount()) === 0) await expect(attentionRegion(page)).toHaveCount(0);
});

test('more than three open items collapse behind "Show all N"', async ({ page }) => {
  const tag = uniqueTag();
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) ids.push(await seedAttention({ kind: 'refund-failed', paymentId: `pay_${tag}${i}`, amountPaise: 60_000 }));
  const open = await openItemCount();
  try {
    await openPanelLoggedIn(page);
    const region = page.getByRole('region', { name: `Payments needing attention (${open})` });
    await expect(region.getByRole('listitem')).toHaveCount(3);
    const toggle = region.getByRole('button', { name: `Show all ${open}` });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(region.getByRole('listitem')).toHaveCount(open);
    await expect(region.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
    await region.getByRole('button', { name: 'Show fewer' }).click();
    await expect(region.getByRole('listitem')).toHaveCount(3);
  } finally {
    await e2eDb().updateTable('payment_attention').set({ resolved_at: new Date(), resolved_by: 'e2e' }).where('id', 'in', ids).execute();
  }
});

test('a refunded amount shows under the order amount, and a refunded payment stays readable', async ({ page }) => {
  const tag = uniqueTag();
  const partly = await seedOrder({ tag, status: 'delivered', amountPaise: 115_000 });
  const fully = await seedOrder({ tag, status: 'cancelled', paymentStatus: 'refunded', amountPaise: 60_000 });
  const untouched = await seedOrder({ tag, status: 'paid', amountPaise: 60_000 });
  await e2eDb().updateTable('orders').set({ refunded_paise: 20_000 }).where('id', '=', partly.id).execute();
  await e2eDb().updateTable('orders').set({ refunded_paise: 60_000 }).where('id', '=', fully.id).execute();

  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(3);
  const amountCell = (orderNumber: string) => page.locator(`tr[data-order-id="${orderNumber}"] td`).nth(7);

  await expect(amountCell(partly.orderNumber)).toHaveText('₹1,150 ₹200 refunded');
  await expect(amountCell(partly.orderNumber).locator('.refunded-amount')).toHaveText('₹200 refunded');
  await expect(amountCell(fully.orderNumber).locator('.refunded-amount')).toHaveText('₹600 refunded');
  await expect(page.locator(`tr[data-order-id="${fully.orderNumber}"] .payment-status`)).toHaveText('payment: refunded');
  await expect(amountCell(untouched.orderNumber)).toHaveText('₹600');
  await expect(amountCell(untouched.orderNumber).locator('.refunded-amount')).toHaveCount(0);
});
