import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { indiaDateDigits } from '@pickles/shared/india-time';
import { createDb, type Db } from '../create-db.js';
import type { Database } from '../schema.js';
import { migrateToLatest } from '../migrate.js';
import { newOrderColumns } from '../search-text.js';
import { SEED_PLACES } from './seed-places.js';

/**
 * `npm run seed -- --orders 100000`: realistic demo orders (names, Indian addresses, statuses
 * consistent with their payments, dates over the last --days days) for the admin panel and the
 * benchmark. Rows go in as multi-row inserts of unnested arrays, a few thousand per statement.
 */
const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000' },
    days: { type: 'string', default: '120' },
    batch: { type: 'string', default: '2000' },
  },
});
const total = Number(values.orders);
const days = Number(values.days);
const batchSize = Number(values.batch);
if (!Number.isInteger(total) || total < 0 || !Number.isInteger(days) || days < 1 || !Number.isInteger(batchSize) || batchSize < 1) {
  console.error('Usage: npm run seed -- --orders <N> [--days 120] [--batch 2000]');
  process.exit(1);
}

const FIRST = ['Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Krishna', 'Ishaan', 'Rohan', 'Ananya', 'Diya', 'Saanvi', 'Aadhya', 'Kavya', 'Priya', 'Meera', 'Nisha', 'Pooja', 'Riya', 'Rahul', 'Vikram', 'Sanjay', 'Neha', 'Farhan', 'Imran', 'Gurpreet', 'Harpreet', 'Lakshmi', 'Karthik'];
const LAST = ['Sharma', 'Verma', 'Gupta', 'Singh', 'Kumar', 'Patel', 'Reddy', 'Nair', 'Iyer', 'Menon', 'Das', 'Banerjee', 'Chatterjee', 'Mukherjee', 'Khan', 'Ahmed', 'Joshi', 'Kulkarni', 'Deshmukh', 'Rao', 'Pillai', 'Bhat', 'Chauhan', 'Rathore', 'Malhotra'];
const STREETS = ['MG Road', 'Station Road', 'Nehru Marg', 'Gandhi Path', 'Temple Street', 'Park Avenue', 'Lake View Road', 'Civil Lines', 'Mall Road', 'Ring Road'];
const AREAS = ['Sector 12', 'Old Town', 'Model Town', 'Rajendra Nagar', 'Green Park', 'Indiranagar', 'Koregaon Park', 'Salt Lake', 'Banjara Hills', 'Vaishali Nagar'];
const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RZP_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

// Most orders are finished; a few are still waiting or failed.
const STATUS_WEIGHTS: Array<[status: string, weight: number]> = [
  ['created', 4], ['pending', 3], ['paid', 20], ['failed', 5], ['cancelled', 6], ['delivered', 22], ['completed', 40],
];
const STATUS_TOTAL = STATUS_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const randomId = (alphabet: string, length: number) => Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');

function pickStatus(): string {
  let roll = Math.random() * STATUS_TOTAL;
  for (const [status, weight] of STATUS_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return status;
  }
  return 'completed';
}

function paymentStatusFor(status: string): string {
  if (status === 'created' || status === 'pending') return 'pending';
  if (status === 'failed') return 'failed';
  if (status === 'cancelled') return Math.random() < 0.5 ? 'refunded' : 'paid';
  return 'paid';
}

interface SeedOrder {
  row: Record<string, unknown>;
  items: Array<{ product_id: number; name: string; quantity: number; unit_price_paise: number; line_total_paise: number }>;
}

function makeOrder(now: number, used: Set<string>): SeedOrder {
  const id = randomUUID();
  const createdAt = new Date(now - Math.floor(Math.random() * days * 86_400_000));
  const ist = indiaDateDigits(createdAt);
  let orderNumber: string;
  do orderNumber = `RP${ist}-${randomId(ID_ALPHABET, 6)}`;
  while (used.has(orderNumber));
  used.add(orderNumber);
  const status = pickStatus();
  const paymentStatus = paymentStatusFor(status);
  const hasPayment = paymentStatus !== 'pending';
  const razorpayPaymentId = hasPayment ? `pay_${randomId(RZP_ALPHABET, 14)}` : null;
  const quantity = 1 + Math.floor(Math.random() * 4);
  const items = [{ product_id: 1, name: 'Royal Chicken Pickle', quantity, unit_price_paise: 50_000, line_total_paise: 50_000 * quantity }];
  const subtotal = 50_000 * quantity;
  const shipping = 5_000 + 5_000 * quantity;
  const first = pick(FIRST);
  const last = pick(LAST);
  const [city, state, pincodes] = pick(SEED_PLACES);
  const address = {
    flatNumber: `${1 + Math.floor(Math.random() * 400)}${pick(['', 'A', 'B', ''])}`,
    street: pick(STREETS),
    area: pick(AREAS),
    city,
    state,
    pincode: pick(pincodes),
  };
  const name = `${first} ${last}`;
  const email = `${first}.${last}${Math.floor(Math.random() * 1000)}@example.in`.toLowerCase();
  const phone = `${pick(['9', '8', '7', '6'])}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const paidAt = paymentStatus === 'paid' || paymentStatus === 'refunded' ? new Date(createdAt.getTime() + 60_000 + Math.floor(Math.random() * 600_000)) : null;
  const finished = ['delivered', 'completed', 'cancelled'].includes(status);
  const updatedAt = finished ? new Date(Math.min(now, createdAt.getTime() + Math.floor(Math.random() * 10 * 86_400_000))) : (paidAt ?? createdAt);
  return {
    row: {
      id,
      ...newOrderColumns({ orderNumber, razorpayPaymentId, name, email, phone, createdAt, address, itemNames: items.map((i) => i.name) }),
      razorpay_order_id: `order_${randomId(RZP_ALPHABET, 14)}`,
      subtotal_paise: subtotal,
      shipping_paise: shipping,
      amount_paise: subtotal + shipping,
      status,
      payment_status: paymentStatus,
      created_at: createdAt.toISOString(),
      updated_at: updatedAt.toISOString(),
      paid_at: paidAt?.toISOString() ?? null,
    },
    items,
  };
}

const ORDER_COLUMNS = [
  ['id', 'uuid'], ['order_number', 'text'], ['razorpay_order_id', 'text'], ['razorpay_payment_id', 'text'], ['customer_name', 'text'],
  ['customer_email', 'text'], ['customer_phone', 'text'], ['flat_number', 'text'], ['street', 'text'], ['area', 'text'], ['city', 'text'],
  ['state', 'text'], ['pincode', 'text'], ['subtotal_paise', 'int'], ['shipping_paise', 'int'], ['amount_paise', 'int'], ['status', 'text'],
  ['payment_status', 'text'], ['search_text', 'text'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'], ['paid_at', 'timestamptz'],
] as const;

async function insertBatch(db: Db | Transaction<Database>, batch: SeedOrder[]): Promise<void> {
  // One array parameter per column: a 2,000-row insert is one statement with 22 parameters.
  const columns = sql.join(ORDER_COLUMNS.map(([name]) => sql.ref(name)));
  const arrays = sql.join(ORDER_COLUMNS.map(([name, type]) => sql`${batch.map((o) => o.row[name])}::${sql.raw(type)}[]`));
  const items = batch.flatMap((o) => o.items.map((item) => ({ ...item, order_id: o.row.id as string })));
  const run = async (trx: Db | Transaction<Database>) => {
    await sql`insert into orders (${columns}) select * from unnest(${arrays})`.execute(trx);
    await sql`insert into order_items (order_id, product_id, name, quantity, unit_price_paise, line_total_paise)
      select * from unnest(${items.map((i) => i.order_id)}::uuid[], ${items.map((i) => i.product_id)}::int[], ${items.map((i) => i.name)}::text[],
        ${items.map((i) => i.quantity)}::int[], ${items.map((i) => i.unit_price_paise)}::int[], ${items.map((i) => i.line_total_paise)}::int[])`.execute(trx);
    await sql`insert into order_status_history (order_id, from_status, to_status, from_payment_status, to_payment_status, changed_by, reason, changed_at)
      select * from unnest(${batch.map((o) => o.row.id)}::uuid[], ${batch.map(() => null)}::text[], ${batch.map((o) => o.row.status)}::text[],
        ${batch.map(() => null)}::text[], ${batch.map((o) => o.row.payment_status)}::text[], ${batch.map(() => 'seed')}::text[],
        ${batch.map(() => 'demo data')}::text[], ${batch.map((o) => o.row.updated_at)}::timestamptz[])`.execute(trx);
  };
  await run(db);
}

async function main(): Promise<void> {
  // Demo orders go to the demo's database (npm start without real keys) unless told otherwise.
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/royal_pickles_demo';
  const db = createDb({ connectionString: url, max: 2, applicationName: 'seed' });
  const started = Date.now();
  try {
    await migrateToLatest(db);
    const used = new Set<string>();
    const now = Date.now();
    let insertedAt = now;
    await db.transaction().execute(async (trx) => {
      // Maintaining a dozen indexes (four of them trigram GIN) row by row costs several times the
      // inserts themselves. For a big seed, drop the indexes that back no constraint and rebuild them
      // once at the end from their exact definitions, all in this transaction.
      const bulk = total >= 20_000;
      const { rows: indexes } = bulk
        ? await sql<{ indexname: string; indexdef: string }>`select i.indexname, i.indexdef from pg_indexes i
            where i.schemaname = current_schema() and i.tablename in ('orders', 'order_items', 'order_status_history')
              and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`.execute(trx)
        : { rows: [] };
      for (const index of indexes) await sql`drop index ${sql.ref(index.indexname)}`.execute(trx);
      for (let done = 0; done < total; done += batchSize) {
        const batch = Array.from({ length: Math.min(batchSize, total - done) }, () => makeOrder(now, used));
        await insertBatch(trx, batch);
      }
      insertedAt = Date.now();
      if (indexes.length) await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      for (const index of indexes) await sql.raw(index.indexdef).execute(trx);
    });
    // Vacuum sets the visibility map, so counts and the cards run as index-only scans straight away.
    await sql`vacuum analyze orders`.execute(db);
    await sql`vacuum analyze order_items`.execute(db);
    const seconds = (from: number, to = Date.now()) => ((to - from) / 1000).toFixed(1);
    console.log(`seeded ${total} orders in ${seconds(started)} s (rows ${seconds(started, insertedAt)} s, indexes and vacuum ${seconds(insertedAt)} s)`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
