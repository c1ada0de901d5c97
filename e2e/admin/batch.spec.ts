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

test('batch update sets every visible (filtered) order after the confirmation, then alerts', async ({ page }) => {
  const tag = uniqueTag();
  const targets = [await seedOrder({ tag, city: 'Udaipur', status: 'paid' }), await seedOrder({ tag, city: 'Udaipur', status: 'delivered' }), await seedOrder({ tag, city: 'udaipur', status: 'paid' })];
  const other = await seedOrder({ tag, city: 'Jodhpur', status: 'paid' });
  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await page.getByLabel('City').fill('UDAIPUR');
  await expect(orderRows(page)).toHaveCount(3);

  const batchButton = page.getByRole('button', { name: 'Batch Update (3 visible orders)' });
  await expect(batchButton).toBeDisabled();
  await page.getByLabel('Batch Status').selectOption('completed');
  await expect(batchButton).toBeEnabled();

  const dialogs = recordDialogs(page);
  await batchButton.click();
  await expect.poll(() => dialogs.messages).toEqual(['Update 3 visible orders to completed?', 'Successfully updated 3 orders to completed']);
  expect(dialogs.types).toEqual(['confirm', 'alert']);

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
  // The label still counts what the owner is looking at; the confirmation counts what will be asked for.
  await page.getByRole('button', { name: 'Batch Update (3 visible orders)' }).click();
  await expect.poll(() => dialogs.messages).toEqual(['Update 2 visible orders to cancelled?', 'Successfully updated 2 orders to cancelled']);

  const status = await statusesOf([...seen.map((o) => o.id), changed.id]);
  for (const o of seen) expect(status[o.id]).toBe('cancelled/paid');
  expect(status[changed.id]).toBe('delivered/paid');
  // The panel loads again afterwards and shows the order as it now is.
  await expect(page.locator(`tr[data-order-id="${changed.orderNumber}"] .status-badge`)).toHaveText('delivered');
});

test('batch to delivered leaves an order whose payment failed as it is and names it with the reason, in the alert and under the batch bar', async ({ page }) => {
  const tag = uniqueTag();
  const paid = [await seedOrder({ tag, status: 'paid' }), await seedOrder({ tag, status: 'paid' })];
  const alreadyDelivered = await seedOrder({ tag, status: 'delivered' });
  const failed = await seedOrder({ tag, status: 'failed', paymentStatus: 'failed' });
  await openPanelLoggedIn(page);
  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(4);

  await page.getByLabel('Batch Status').selectOption('delivered');
  const dialogs = recordDialogs(page);
  await page.getByRole('button', { name: 'Batch Update (4 visible orders)' }).click();
  const refusal = decideOwnerMove({ status: 'failed', paymentStatus: 'failed' }, 'delivered');
  expect(refusal.kind).toBe('refused');
  const reason = refusal.kind === 'refused' ? refusal.reason : '';
  await expect
    .poll(() => dialogs.messages)
    .toEqual(['Update 4 visible orders to delivered?', `Successfully updated 2 orders to delivered\n1 already delivered\n1 not changed:\n${failed.orderNumber}: ${reason}`]);
  const result = page.getByRole('region', { name: 'Batch update result' });
  await expect(result.getByRole('status')).toHaveText('Successfully updated 2 orders to delivered. 1 already delivered. 1 not changed:');
  await expect(result.getByRole('listitem')).toHaveText(`${reason} ${failed.orderNumber}`);

  // Right after the batch the button is disabled (no status chosen): it stays readable under the pointer.
  const button = page.getByRole('button', { name: /^Batch Update \(\d+ visible orders\)$/ });
  await expect(button).toBeDisabled();
  const colours = () => button.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor].join(' on '));
  const before = await colours();
  await button.hover({ force: true });
  expect(await colours()).toBe(before);
  expect(before).toBe('rgb(92, 74, 61) on rgb(239, 231, 220)');

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
  await expect
    .poll(() => dialogs.messages)
    .toEqual([`Are you sure you want to remove ${finished.length} orders? This cannot be undone.`, `Successfully removed ${finished.length} orders`]);

  expect(await e2eDb().selectFrom('orders').select('id').where('id', 'in', finished).execute()).toEqual([]);
  const archived = await e2eDb().selectFrom('archived_orders').select('order_id').where('order_id', 'in', finished).execute();
  expect(archived).toHaveLength(finished.length);
  const status = await statusesOf(kept.map((o) => o.id));
  expect(Object.keys(status)).toHaveLength(kept.length);
  expect(status[moneyHeld.id]).toBe('cancelled/paid');

  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(kept.length);
  await expect(page.locator(`tr[data-order-id="${moneyHeld.orderNumber}"]`)).toBeVisible();

  // Nothing left that Remove may take: the spec's alert, no confirmation.
  await page.getByRole('button', { name: 'Remove Completed/Cancelled Orders' }).click();
  await expect.poll(() => dialogs.messages.at(-1)).toBe('No completed or cancelled orders to remove');
  expect(dialogs.types.at(-1)).toBe('alert');
  expect(await statusesOf([moneyHeld.id])).toEqual({ [moneyHeld.id]: 'cancelled/paid' });
});
