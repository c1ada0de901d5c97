import { e2eDb, expect, openPanelLoggedIn, orderRows, recordDialogs, searchFor, seedOrder, test, uniqueTag } from './fixtures.js';

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

  const rows = await e2eDb().selectFrom('orders').select(['id', 'status']).where('id', 'in', [...targets.map((t) => t.id), other.id]).execute();
  const status = Object.fromEntries(rows.map((r) => [r.id, r.status]));
  for (const t of targets) expect(status[t.id]).toBe('completed');
  expect(status[other.id]).toBe('paid');
  await expect(page.locator('.status-badge', { hasText: 'completed' })).toHaveCount(3);
  const history = await e2eDb().selectFrom('order_status_history').select(['order_id', 'changed_by']).where('order_id', 'in', targets.map((t) => t.id)).execute();
  expect(history).toHaveLength(3);
  expect(history.every((h) => h.changed_by === 'admin:admin')).toBe(true);
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

test('Remove Completed/Cancelled Orders archives exactly those after the confirmation, then alerts', async ({ page }) => {
  const tag = uniqueTag();
  await seedOrder({ tag, status: 'completed' });
  await seedOrder({ tag, status: 'cancelled', paymentStatus: 'refunded' });
  const kept = await Promise.all(['created', 'paid', 'delivered', 'failed'].map((status) => seedOrder({ tag, status, paymentStatus: status === 'created' ? 'pending' : status === 'failed' ? 'failed' : 'paid' })));
  const finished = await e2eDb().selectFrom('orders').select('id').where('status', 'in', ['completed', 'cancelled']).execute();
  const othersBefore = await e2eDb().selectFrom('orders').select('id').where('status', 'not in', ['completed', 'cancelled']).execute();

  await openPanelLoggedIn(page);
  const dialogs = recordDialogs(page);
  await page.getByRole('button', { name: 'Remove Completed/Cancelled Orders' }).click();
  await expect
    .poll(() => dialogs.messages)
    .toEqual([`Are you sure you want to remove ${finished.length} orders? This cannot be undone.`, `Successfully removed ${finished.length} orders`]);

  expect(await e2eDb().selectFrom('orders').select('id').where('status', 'in', ['completed', 'cancelled']).execute()).toEqual([]);
  const othersAfter = await e2eDb().selectFrom('orders').select('id').where('status', 'not in', ['completed', 'cancelled']).execute();
  expect(othersAfter.map((r) => r.id).sort()).toEqual(othersBefore.map((r) => r.id).sort());
  const archived = await e2eDb().selectFrom('archived_orders').select('order_id').where('order_id', 'in', finished.map((f) => f.id)).execute();
  expect(archived).toHaveLength(finished.length);

  await searchFor(page, tag);
  await expect(orderRows(page)).toHaveCount(kept.length);

  // Nothing left to remove: the spec's alert, no confirmation.
  await page.getByRole('button', { name: 'Remove Completed/Cancelled Orders' }).click();
  await expect.poll(() => dialogs.messages.at(-1)).toBe('No completed or cancelled orders to remove');
});
