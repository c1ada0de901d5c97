import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page, type Dialog } from '@playwright/test';
import { createDb, type Db } from '@pickles/db';
import { insertOrder, type OrderSeed } from '@pickles/test-kit';
import { stackUrls } from '../support/stack.js';

export { expect };

export const ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'pickles-admin',
};

let db: Db | undefined;
/** This worker's stack's database, for seeding and checking rows. */
export function e2eDb(): Db {
  db ??= createDb({ connectionString: stackUrls().databaseUrl, max: 2, applicationName: 'e2e-admin' });
  return db;
}

export const uniqueTag = () => `e2e${randomBytes(4).toString('hex')}`;

/** An order to seed: the test-kit factory's fields a journey sets, with its tag and the Razorpay payment id (`paymentId`). */
export type SeedOrder = Pick<OrderSeed, 'status' | 'paymentStatus' | 'name' | 'email' | 'phone' | 'city' | 'state' | 'pincode' | 'amountPaise' | 'createdAt' | 'updatedAt' | 'items'> & {
  tag: string;
  paymentId?: string | null;
};

export interface SeededOrder {
  id: string;
  orderNumber: string;
  paymentId: string | null;
  email: string;
}

/** Writes an order with the shared test factory: a paid order in Jaipur, the tag in the street and the order id. */
export async function seedOrder(seed: SeedOrder): Promise<SeededOrder> {
  const { tag, paymentId, ...given } = seed;
  // Only what the spec sets overrides these defaults; an explicit undefined keeps them.
  const rest = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const order = await insertOrder(e2eDb(), {
    orderNumber: `RP${randomBytes(3).toString('hex').toUpperCase()}-${tag.toUpperCase()}`,
    flatNumber: '7A',
    street: `${tag} Road`,
    area: 'Civil Lines',
    city: 'Jaipur',
    state: 'Rajasthan',
    pincode: '302001',
    name: 'Meera Rathore',
    email: `meera.${tag}@example.in`,
    phone: '9812345670',
    ...rest,
    ...(paymentId === undefined ? {} : { razorpayPaymentId: paymentId }),
  });
  // The stack's reconciler checks orders awaiting payment after 5 s and expires those with no Razorpay
  // order (cancelling them and touching updated_at). These journeys are about the panel, not expiry:
  // push the first check a year away so a seeded order keeps the state the test gave it.
  await e2eDb()
    .updateTable('orders')
    .set({ next_reconcile_at: new Date(Date.now() + 365 * 86_400_000) })
    .where('id', '=', order.id)
    .execute();
  return { id: order.id, orderNumber: order.orderNumber, paymentId: order.razorpayPaymentId, email: order.email };
}

export interface SeedAttention {
  kind: string;
  paymentId: string;
  amountPaise: number;
  orderId?: string;
  orderNumber?: string;
  razorpayOrderId?: string;
  expectedAmountPaise?: number;
  detail?: string;
  createdAt?: Date;
}

/** Writes an open payment_attention item, as payments records money that landed where it should not. */
export async function seedAttention(seed: SeedAttention): Promise<string> {
  const row = await e2eDb()
    .insertInto('payment_attention')
    .values({
      kind: seed.kind,
      order_id: seed.orderId ?? null,
      order_number: seed.orderNumber ?? null,
      razorpay_order_id: seed.razorpayOrderId ?? null,
      razorpay_payment_id: seed.paymentId,
      amount_paise: seed.amountPaise,
      expected_amount_paise: seed.expectedAmountPaise ?? null,
      detail: seed.detail ?? null,
      ...(seed.createdAt ? { created_at: seed.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
  await panelListed(page);
  return token;
}

/**
 * Waits until the panel shows the server's list. Its heading is prerendered (the page's skeleton) and
 * "Loading orders..." appears only once the app runs, so neither says the list is there; the status
 * cards, '…' until the list's answer fills them all at once, do.
 */
export async function panelListed(page: Page): Promise<void> {
  await expect(page.locator('[data-card="total"] .status-card-count')).toHaveText(/^\d+$/);
  await expect(page.getByText('Loading orders...')).toBeHidden();
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
