import { REMOVABLE_STATES, decideOwnerMove } from '@pickles/shared';
import { e2eDb, expect, openPanelLoggedIn, orderRows, recordDialogs, searchFor, seedOrder, test, uniqueTag } from './fixtures.js';

async function statusesOf(ids: string[]): Promise<Record<string, string>> {
  const rows = await e2eDb().selectFrom('orders').select(['id', 'status', 'payment_status']).where('id', 'in', ids).execute();
  return Object.fromEntries(rows.map((r) => [r.id, `${r.status}/${r.payment_status}`]));
}

/** Orders in a state Remove may archive (the lifecycle's table), whatever the test that wrote them. */
async function removableIds(): Promise<string[]> {
  const rows = await e2eDb()
    .selectFrom('orders')
    .select('id')
    .where((eb) => eb.or(REMOVABLE_STATES.map((s) => eb.and([eb('status', '=', s.status), eb('payment_status', '=', s.paymentStatus)]))))
    .execute();
  return rows.map((r) => r.id);
}

test('batch update sets every visible (filtered) order after the confirmation, then says so on the page', async ({ page }) => {
  const tag = uniqueTag();
  const targets = [await seedOrder({ tag, city: 'Udaipur', status: 'paid' }), await seedOrder({ tag, city: 'Udaipur', status: 'delivered' }), await seedOrder({ tag, city: 'udaipur', status: 'paid' })];
  const other = await seedOrder({ tag, city: 'Jodhpur', status: 'paid' });
  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await page.getByLabel('City').fill('UDAIPUR');
  await expect(orderRows(page)).toHaveCount(3);

  await expect(page.getByRole('button', { name: 'Batch Update (3 visible orders)' })).toBeDisabled();
  await page.getByLabel('Batch Status').selectOption('completed');
  const batchButton = page.getByRole('button', { name: 'Batch Update (3 visible orders)' });
  await expect(batchButton).toBeEnabled();

  const dialogs = recordDialogs(page);
  await batchButton.click();
  await expect(page.getByRole('region', { name: 'Batch update result' }).getByRole('status')).toHaveText('Successfully updated 3 orders to completed.');
  expect(dialogs.messages).toEqual(['Update 3 visible orders to completed?']);
  expect(dialogs.types).toEqual(['confirm']);

  const status = await statusesOf([...targets.map((t) => t.id), other.id]);
  for (const t of targets) expect(status[t.id]).toBe('completed/paid');
  expect(status[other.id]).toBe('paid/paid');
  await expect(page.locator('.status-badge', { hasText: 'completed' })).toHaveCount(3);
  const history = await e2eDb().selectFrom('order_status_history').select(['order_id', 'changed_by']).where('order_id', 'in', targets.map((t) => t.id)).execute();
  expect(history).toHaveLength(3);
  expect(history.every((h) => h.changed_by === 'admin:admin')).toBe(true);
});

test('an order that changed after the list was shown is left out of the batch and of the confirmation count', async ({ page }) => {
  const tag = uniqueTag();
  const seen = [await seedOrder({ tag, status: 'paid' }), await seedOrder({ tag, status: 'paid' })];
  const changed = await seedOrder({ tag, status: 'paid' });
  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(3);

  // Someone else (another tab, a Razorpay event) moves one order after the owner saw the list.
  await e2eDb().updateTable('orders').set({ status: 'delivered', updated_at: new Date() }).where('id', '=', changed.id).execute();

  await page.getByLabel('Batch Status').selectOption('cancelled');
  const dialogs = recordDialogs(page);
  // The button counts what it will be asked to change, and the confirmation the same.
  await page.getByRole('button', { name: 'Batch Update (2 visible orders)' }).click();
  await expect(page.getByRole('region', { name: 'Batch update result' }).getByRole('status')).toHaveText('Successfully updated 2 orders to cancelled.');
  expect(dialogs.messages).toEqual(['Update 2 visible orders to cancelled?']);

  const status = await statusesOf([...seen.map((o) => o.id), changed.id]);
  for (const o of seen) expect(status[o.id]).toBe('cancelled/paid');
  expect(status[changed.id]).toBe('delivered/paid');
  // The panel loads again afterwards and shows the order as it now is.
  await expect(page.locator(`tr[data-order-id="${changed.orderNumber}"] .status-badge`)).toHaveText('delivered');
});

test('batch to delivered counts and changes only the orders it can move: the button, the confirmation and the result agree', async ({ page }) => {
  const tag = uniqueTag();
  const paid = [await seedOrder({ tag, status: 'paid' }), await seedOrder({ tag, status: 'paid' })];
  const alreadyDelivered = await seedOrder({ tag, status: 'delivered' });
  const failed = await seedOrder({ tag, status: 'failed', paymentStatus: 'failed' });
  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(4);

  await page.getByLabel('Batch Status').selectOption('delivered');
  // The lifecycle says which of the four a batch to delivered changes: the two paid ones.
  expect(decideOwnerMove({ status: 'failed', paymentStatus: 'failed' }, 'delivered').kind).toBe('refused');
  await expect(page.getByText('2 of the 4 visible orders already are delivered or cannot become delivered: left as they are.')).toBeVisible();
  const dialogs = recordDialogs(page);
  await page.getByRole('button', { name: 'Batch Update (2 visible orders)' }).click();
  const result = page.getByRole('region', { name: 'Batch update result' });
  await expect(result.getByRole('status')).toHaveText('Successfully updated 2 orders to delivered.');
  expect(dialogs.messages).toEqual(['Update 2 visible orders to delivered?']);

  // Right after the batch the button is disabled (no status chosen): it stays readable under the pointer.
  const button = page.getByRole('button', { name: /^Batch Update \(\d+ visible orders\)$/ });
  await expect(button).toBeDisabled();
  const colours = () => button.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor].join(' on '));
  // The button eases into its disabled colours (a CSS transition): wait until it has settled, then hover.
  const disabledColours = 'rgb(92, 74, 61) on rgb(239, 231, 220)';
  await expect.poll(colours).toBe(disabledColours);
  await button.hover({ force: true });
  // Under the pointer, with no colour transition still running: what shows now is the hover's final colour.
  await expect.poll(() => button.evaluate((el) => el.matches(':hover') && el.getAnimations().length === 0)).toBe(true);
  expect(await colours()).toBe(disabledColours);

  const status = await statusesOf([...paid.map((o) => o.id), alreadyDelivered.id, failed.id]);
  for (const o of paid) expect(status[o.id]).toBe('delivered/paid');
  expect(status[alreadyDelivered.id]).toBe('delivered/paid');
  expect(status[failed.id]).toBe('failed/failed');
  const history = await e2eDb().selectFrom('order_status_history').select('order_id').where('order_id', 'in', [alreadyDelivered.id, failed.id]).execute();
  expect(history).toEqual([]);
});

test('dismissing the batch confirmation changes nothing', async ({ page }) => {
  const tag = uniqueTag();
  const order = await seedOrder({ tag, status: 'paid' });
  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(1);
  await page.getByLabel('Batch Status').selectOption('cancelled');
  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Batch Update (1 visible orders)' }).click();
  await expect.poll(() => messages).toEqual(['Update 1 visible orders to cancelled?']);
  const row = await e2eDb().selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
  expect(row.status).toBe('paid');
});

test('Remove archives the finished orders after the confirmation; a cancelled order still holding the money stays', async ({ page }) => {
  const tag = uniqueTag();
  await seedOrder({ tag, status: 'completed' });
  await seedOrder({ tag, status: 'completed', paymentStatus: 'refunded' });
  await seedOrder({ tag, status: 'cancelled', paymentStatus: 'refunded' });
  await seedOrder({ tag, status: 'cancelled', paymentStatus: 'failed' });
  const moneyHeld = await seedOrder({ tag, status: 'cancelled', paymentStatus: 'paid' });
  const kept = [
    moneyHeld,
    ...(await Promise.all(
      (['created', 'paid', 'delivered', 'failed'] as const).map((status) => seedOrder({ tag, status, paymentStatus: status === 'created' ? 'pending' : status === 'failed' ? 'failed' : 'paid' })),
    )),
  ];

  await openPanelLoggedIn(page);
  const finished = await removableIds();
  expect(finished).not.toContain(moneyHeld.id);
  const dialogs = recordDialogs(page);
  await page.getByRole('button', { name: 'Remove Completed/Cancelled Orders' }).click();
  // The confirmation asks; the result is said on the page, in the spec's words.
  await expect(page.getByTestId('panel-notice').getByText(`Successfully removed ${finished.length} orders`)).toBeVisible();
  expect(dialogs.messages).toEqual([`Are you sure you want to remove ${finished.length} orders? This cannot be undone.`]);

  expect(await e2eDb().selectFrom('orders').select('id').where('id', 'in', finished).execute()).toEqual([]);
  const archived = await e2eDb().selectFrom('archived_orders').select('order_id').where('order_id', 'in', finished).execute();
  expect(archived).toHaveLength(finished.length);
  const status = await statusesOf(kept.map((o) => o.id));
  expect(Object.keys(status)).toHaveLength(kept.length);
  expect(status[moneyHeld.id]).toBe('cancelled/paid');

  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(kept.length);
  await expect(page.locator(`tr[data-order-id="${moneyHeld.orderNumber}"]`)).toBeVisible();

  // Nothing left that Remove may take: the spec's words on the page, no confirmation.
  await page.getByRole('button', { name: 'Remove Completed/Cancelled Orders' }).click();
  await expect(page.getByTestId('panel-notice').getByText('No completed or cancelled orders to remove')).toBeVisible();
  expect(dialogs.types).toEqual(['confirm']);
  expect(await statusesOf([moneyHeld.id])).toEqual({ [moneyHeld.id]: 'cancelled/paid' });
});
