import { randomBytes, randomUUID } from 'node:crypto';
import { test as base, expect, type Page, type Dialog } from '@playwright/test';
import { buildSearchText, createDb, type Db } from '@pickles/db';

export { expect };

export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'pickles-admin',
};

let db: Db | undefined;
/** The stack's database (E2E_DATABASE_URL from the global setup), for seeding and checking rows. */
export function e2eDb(): Db {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run through the Playwright global setup');
  db ??= createDb({ connectionString: url, max: 2, applicationName: 'e2e-admin' });
  return db;
}

export const uniqueTag = () => `e2e${randomBytes(4).toString('hex')}`;

export interface SeedOrder {
  tag: string;
  status?: string;
  paymentStatus?: string;
  name?: string;
  email?: string;
  phone?: string;
  city?: string;
  state?: string;
  pincode?: string;
  amountPaise?: number;
  createdAt?: Date;
  updatedAt?: Date;
  paymentId?: string | null;
  items?: { name: string; quantity: number }[];
}

export interface SeededOrder {
  id: string;
  orderNumber: string;
  paymentId: string | null;
  email: string;
}

/** Writes an order as checkout and payments would (search_text included); the tag goes in the street. */
export async function seedOrder(seed: SeedOrder): Promise<SeededOrder> {
  const id = randomUUID();
  const orderNumber = `RP${randomBytes(3).toString('hex').toUpperCase()}-${seed.tag.toUpperCase()}`;
  const createdAt = seed.createdAt ?? new Date();
  const items = seed.items ?? [{ name: 'Royal Chicken Pickle', quantity: 1 }];
  const paymentStatus = seed.paymentStatus ?? 'paid';
  const paymentId = seed.paymentId === undefined ? (paymentStatus === 'pending' ? null : `pay_${randomBytes(8).toString('hex')}`) : seed.paymentId;
  const address = {
    flatNumber: '7A',
    street: `${seed.tag} Road`,
    area: 'Civil Lines',
    city: seed.city ?? 'Jaipur',
    state: seed.state ?? 'Rajasthan',
    pincode: seed.pincode ?? '302001',
  };
  const name = seed.name ?? 'Meera Rathore';
  const email = seed.email ?? `meera.${seed.tag}@example.in`;
  const phone = seed.phone ?? '9812345670';
  const amount = seed.amountPaise ?? 60_000;
  await e2eDb()
    .insertInto('orders')
    .values({
      id,
      order_number: orderNumber,
      checkout_key: null,
      razorpay_order_id: null,
      razorpay_payment_id: paymentId,
      customer_name: name,
      customer_email: email,
      customer_phone: phone,
      flat_number: address.flatNumber,
      street: address.street,
      area: address.area,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      subtotal_paise: amount - 10_000,
      shipping_paise: 10_000,
      amount_paise: amount,
      status: seed.status ?? 'paid',
      payment_status: paymentStatus,
      failure_reason: null,
      search_text: buildSearchText({ orderNumber, razorpayPaymentId: paymentId, name, email, phone, createdAt, address, itemNames: items.map((i) => i.name) }),
      created_at: createdAt,
      updated_at: seed.updatedAt ?? createdAt,
      paid_at: paymentStatus === 'paid' ? createdAt : null,
    })
    .execute();
  await e2eDb()
    .insertInto('order_items')
    .values(items.map((item) => ({ order_id: id, product_id: 1, name: item.name, quantity: item.quantity, unit_price_paise: 50_000, line_total_paise: 50_000 * item.quantity })))
    .execute();
  return { id, orderNumber, paymentId, email };
}

/** Logs in through the API and opens /admin with the token in localStorage, as the login page leaves it. */
export async function openPanelLoggedIn(page: Page): Promise<string> {
  const response = await page.request.post('/api/admin/login', { data: ADMIN });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.goto('/login');
  await page.evaluate((t) => window.localStorage.setItem('adminToken', t), token);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await expect(page.getByText('Loading orders...')).toBeHidden();
  return token;
}

/** Rows of the orders table, each a data row (history rows excluded). */
export function orderRows(page: Page) {
  return page.locator('table.orders-table tbody tr.order-row');
}

/** The order ids shown, in table order, read from the rows' data attribute (cells are truncated). */
export async function shownOrderIds(page: Page): Promise<string[]> {
  return orderRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-id') ?? ''));
}

/** Types into the search box and waits for the table to show exactly `count` rows. */
export async function searchFor(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(text);
}

/** Answers every window.confirm/alert with accept, recording its text. */
export function recordDialogs(page: Page): { messages: string[]; types: string[] } {
  const record = { messages: [] as string[], types: [] as string[] };
  page.on('dialog', (dialog: Dialog) => {
    record.messages.push(dialog.message());
    record.types.push(dialog.type());
    void dialog.accept();
  });
  return record;
}

export const test = base;
