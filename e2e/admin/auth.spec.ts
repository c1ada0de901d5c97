import { adminOrderPath } from '@pickles/shared/shop-paths';
import { ADMIN, expect, openPanelLoggedIn, seedOrder, shownOrderIds, test, uniqueTag } from './fixtures.js';

test('/admin without a token redirects to /login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

test('login requires both fields, refuses a wrong password, then logs in to /admin', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill('definitely-wrong');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid credentials');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('adminToken'))).toBeNull();

  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('adminToken'));
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
});

test('logout clears the token, returns to /login saying so, and the server refuses the old token', async ({ page }) => {
  const token = await openPanelLoggedIn(page);
  const before = await page.request.get('/api/admin/orders', { headers: { Authorization: `Bearer ${token}` } });
  expect(before.status()).toBe(200);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('You have been logged out');
  expect(await page.evaluate(() => window.localStorage.getItem('adminToken'))).toBeNull();
  const after = await page.request.get('/api/admin/orders', { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status()).toBe(401);
  expect((await after.json()).success).toBe(false);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('a token the server refuses sends the owner back to /login with a message', async ({ page }) => {
  await page.goto('/login');
  // Well-formed but expired (signed with an unknown key as well): the server answers 401.
  const expired = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhZG1pbiIsImp0aSI6IjEiLCJleHAiOjE2MDAwMDAwMDB9.c2lnbmF0dXJl';
  await page.evaluate((t) => window.localStorage.setItem('adminToken', t), expired);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('adminToken'))).toBeNull();
});

test('the alert e-mail\'s /admin?search=<order id> link survives the login: the panel opens on that order', async ({ page }) => {
  const order = await seedOrder({ tag: uniqueTag(), status: 'paid' });
  await page.goto(adminOrderPath(order.orderNumber));
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(`/admin?search=${order.orderNumber}`);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue(order.orderNumber);
  await expect.poll(() => shownOrderIds(page)).toEqual([order.orderNumber]);
});
