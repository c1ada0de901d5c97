import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildSearchText, type Db } from '@pickles/db';
import { startApp, testDb, type RunningApp } from '@pickles/test-kit';
import { createLogger } from '@pickles/service-kit';
import { buildApp } from '../src/app.js';
import { hashPassword } from '../src/domain/password.js';
import { upsertAdmin } from '../src/db/admins.js';

export const JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const MAX_FAILURES = 3;

export interface Harness {
  db: Db;
  redis: Redis;
  app: RunningApp;
  close: () => Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const db = testDb();
  const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
  const app = await startApp(
    buildApp({
      db,
      redis,
      logger: createLogger('admin-orders', 'silent'),
      jwtSecret: JWT_SECRET,
      jwtTtlSeconds: 900,
      // A prefix per harness so test files do not share login counters.
      redisPrefix: `${process.env.REDIS_PREFIX}:${randomBytes(3).toString('hex')}`,
      loginMaxFailures: MAX_FAILURES,
      loginWindowSeconds: 60,
    }),
  );
  return {
    db,
    redis,
    app,
    close: async () => {
      await app.close();
      await db.destroy();
      redis.disconnect();
    },
  };
}

let cachedHash: Promise<string> | undefined;
/** A fresh admin (unique name) with password 'correct horse'; the hash is computed once per file. */
export async function createAdmin(db: Db, username = `owner-${randomBytes(4).toString('hex')}`): Promise<{ username: string; password: string }> {
  cachedHash ??= hashPassword('correct horse', { N: 1024, r: 8, p: 1 });
  await upsertAdmin(db, username, await cachedHash);
  return { username, password: 'correct horse' };
}

export async function call(
  app: RunningApp,
  method: string,
  path: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers; text: string }> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // NDJSON or empty
  }
  return { status: response.status, body: parsed, headers: response.headers, text };
}

export async function loginToken(app: RunningApp, db: Db): Promise<{ token: string; username: string }> {
  const admin = await createAdmin(db);
  const res = await call(app, 'POST', '/api/admin/login', { body: admin, headers: { 'x-forwarded-for': randomIp() } });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.token, username: admin.username };
}

export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

export interface OrderSeed {
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
  paidAt?: Date | null;
  razorpayPaymentId?: string | null;
  items?: { name: string; quantity: number }[];
  /** A marker put in the street so a test can find only its own orders with the search. */
  tag: string;
}

/** Inserts an order as checkout and payments would have written it (search_text included). */
export async function insertOrder(db: Db, seed: OrderSeed): Promise<{ id: string; orderNumber: string }> {
  const id = randomUUID();
  const orderNumber = `RP${randomBytes(5).toString('hex').toUpperCase()}`;
  const createdAt = seed.createdAt ?? new Date();
  const items = seed.items ?? [{ name: 'Royal Chicken Pickle', quantity: 1 }];
  const address = {
    flatNumber: '12B',
    street: `${seed.tag} Street`,
    area: 'Green Park',
    city: seed.city ?? 'New Delhi',
    state: seed.state ?? 'Delhi',
    pincode: seed.pincode ?? '110016',
  };
  const name = seed.name ?? 'Asha Verma';
  const email = seed.email ?? 'asha@example.in';
  const phone = seed.phone ?? '9876543210';
  const paymentStatus = seed.paymentStatus ?? 'paid';
  const razorpayPaymentId = seed.razorpayPaymentId === undefined ? (paymentStatus === 'pending' ? null : `pay_${randomBytes(7).toString('hex')}`) : seed.razorpayPaymentId;
  await db
    .insertInto('orders')
    .values({
      id,
      order_number: orderNumber,
      checkout_key: null,
      razorpay_order_id: null,
      razorpay_payment_id: razorpayPaymentId,
      customer_name: name,
      customer_email: email,
      customer_phone: phone,
      flat_number: address.flatNumber,
      street: address.street,
      area: address.area,
      city: address.city,
      state: address.state,
      pincode: address.pincode,
      subtotal_paise: (seed.amountPaise ?? 60_000) - 10_000,
      shipping_paise: 10_000,
      amount_paise: seed.amountPaise ?? 60_000,
      status: seed.status ?? 'paid',
      payment_status: paymentStatus,
      failure_reason: null,
      search_text: buildSearchText({ orderNumber, razorpayPaymentId, name, email, phone, createdAt, address, itemNames: items.map((i) => i.name) }),
      created_at: createdAt,
      updated_at: seed.updatedAt ?? createdAt,
      paid_at: seed.paidAt === undefined ? (paymentStatus === 'paid' ? createdAt : null) : seed.paidAt,
    })
    .execute();
  await db
    .insertInto('order_items')
    .values(items.map((item) => ({ order_id: id, product_id: 1, name: item.name, quantity: item.quantity, unit_price_paise: 50_000, line_total_paise: 50_000 * item.quantity })))
    .execute();
  return { id, orderNumber };
}

export const uniqueTag = () => `tag${randomBytes(5).toString('hex')}`;
