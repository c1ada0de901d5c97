import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue, sql } from '@pickles/db';
import { PRODUCTS, rupeesToPaise } from '@pickles/shared';
import { orderPayload, startCheckoutHarnessOnOwnDatabase, type CheckoutHarness } from './harness.js';

/**
 * Decision 024: the catalogue lives in PostgreSQL and create-order prices from it as it is. This file
 * adds, reprices and archives products, so it has a database of its own: the run's other files see
 * the two products the shop ships with.
 */
let h: CheckoutHarness;
beforeAll(async () => {
  h = await startCheckoutHarnessOnOwnDatabase();
});
afterAll(() => h?.close());

/** A product added as the owner would, on sale without a batch limit. */
async function addProduct(pricePaise: number, position = 3): Promise<{ id: number; name: string; slug: string }> {
  const tag = randomUUID().slice(0, 8);
  const name = `Prawn Pickle ${tag}`;
  const row = await h.db
    .insertInto('products')
    .values({
      slug: `prawn-pickle-${tag}`,
      position,
      name,
      title: 'Coastal Recipe',
      description: 'Prawns in tamarind and coconut oil.',
      price_paise: pricePaise,
      display_price_paise: null,
      discount_label: null,
      pack_label: 'JAR',
      net_grams: 250,
      art: null,
      diet: 'non-vegetarian',
      ingredients: 'Prawns, coconut oil, tamarind, salt, spices.',
      allergens: 'Contains crustaceans.',
      storage: 'Refrigerate after opening.',
      best_before: '4 months from packing',
      country_of_origin: 'India',
      hsn: '1605',
      gst_rate_percent: 5,
      archived_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await h.db.insertInto('product_stock').values({ product_id: row.id, state: 'on-sale', batch_jars: null }).execute();
  return { id: row.id, name, slug: `prawn-pickle-${tag}` };
}

function payloadFor(product: { id: number; name: string }, priceRupees: number, quantity = 2) {
  const base = orderPayload(quantity);
  const total = priceRupees * quantity;
  return { ...base, amount: total + 50 + 50 * quantity, items: [{ itemId: product.id, name: product.name, quantity, price: priceRupees, total }] };
}

const ordersOf = (productId: number) =>
  h.db.selectFrom('order_items').innerJoin('orders', 'orders.id', 'order_items.order_id').select(['order_items.name', 'unit_price_paise', 'line_total_paise', 'hsn', 'gst_rate_percent', 'amount_paise']).where('product_id', '=', productId).execute();

describe('the catalogue in the database', () => {
  it("holds today's two products exactly as the shop shipped them, with the configured tax class", async () => {
    const seeded = (await readCatalogue(h.db)).filter((product) => product.id <= 2);
    expect(seeded).toEqual(
      PRODUCTS.map((product, index) => ({
        id: product.id,
        slug: product.name.toLowerCase().replaceAll(' ', '-'),
        position: index + 1,
        name: product.name,
        title: product.title,
        description: product.description,
        pricePaise: rupeesToPaise(product.price),
        displayPricePaise: product.displayprice === undefined ? null : rupeesToPaise(product.displayprice),
        discountLabel: product.discount_name ?? null,
        packLabel: product.weight,
        netGrams: product.weight2,
        art: product.image,
        diet: product.diet,
        ingredients: product.ingredients,
        allergens: product.allergens,
        storage: product.storage,
        bestBefore: product.bestBefore,
        countryOfOrigin: product.countryOfOrigin,
        hsn: '1602',
        gstRatePercent: 12,
        archived: false,
        version: 1,
        photos: [],
      })),
    );
    // The first save of each is in its change log.
    const changes = await h.db.selectFrom('product_changes').select(['product_id', 'version', 'changed_by']).where('product_id', 'in', [1, 2]).orderBy('product_id').execute();
    expect(changes).toEqual([
      { product_id: 1, version: 1, changed_by: 'system' },
      { product_id: 2, version: 1, changed_by: 'system' },
    ]);
  });
});

describe('create-order prices from the catalogue as it is at create-order', () => {
  it('sells a product the owner added, keeping its name, price and tax class on the order', async () => {
    const prawn = await addProduct(45_050);
    const response = await h.createOrder(payloadFor(prawn, 450.5));
    expect(response.status).toBe(201);
    expect(response.body.amount).toBe(90_100 + 15_000);
    expect(await ordersOf(prawn.id)).toEqual([{ name: prawn.name, unit_price_paise: 45_050, line_total_paise: 90_100, hsn: '1605', gst_rate_percent: 5, amount_paise: 105_100 }]);
  });

  it('refuses a cart holding the old price, saying the new one, and a later price change leaves the past order as sold', async () => {
    const prawn = await addProduct(40_000);
    expect((await h.createOrder(payloadFor(prawn, 400, 1))).status).toBe(201);
    await h.db.updateTable('products').set({ price_paise: 42_500, hsn: '2001', gst_rate_percent: 18 }).where('id', '=', prawn.id).execute();

    const stale = await h.createOrder(payloadFor(prawn, 400, 1));
    expect(stale.status).toBe(400);
    expect(stale.body).toMatchObject({ success: false, error: `The price of ${prawn.name} is now ₹425 (your cart had ₹400). Please review your cart.` });
    expect(await ordersOf(prawn.id)).toEqual([{ name: prawn.name, unit_price_paise: 40_000, line_total_paise: 40_000, hsn: '1605', gst_rate_percent: 5, amount_paise: 50_000 }]);

    expect((await h.createOrder(payloadFor(prawn, 425, 1))).status).toBe(201);
    expect(await ordersOf(prawn.id)).toEqual(
      expect.arrayContaining([
        { name: prawn.name, unit_price_paise: 40_000, line_total_paise: 40_000, hsn: '1605', gst_rate_percent: 5, amount_paise: 50_000 },
        { name: prawn.name, unit_price_paise: 42_500, line_total_paise: 42_500, hsn: '2001', gst_rate_percent: 18, amount_paise: 52_500 },
      ]),
    );
  });

  it('refuses an archived product, storing nothing and holding no jars', async () => {
    const prawn = await addProduct(30_000);
    await h.db.updateTable('products').set({ archived_at: sql<Date>`now()` }).where('id', '=', prawn.id).execute();
    const response = await h.createOrder(payloadFor(prawn, 300, 1));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: `${prawn.name} is no longer sold. Please remove it from your cart.` });
    expect(await ordersOf(prawn.id)).toEqual([]);
    const stock = await h.db.selectFrom('product_stock').select(['reserved', 'sold']).where('product_id', '=', prawn.id).executeTakeFirstOrThrow();
    expect(stock).toEqual({ reserved: 0, sold: 0 });
  });

  it('still refuses a product that is not in the catalogue', async () => {
    const response = await h.createOrder(payloadFor({ id: 999_999, name: 'Nothing' }, 100, 1));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, error: 'Product 999999 is not in our catalogue' });
  });
});

describe('GET /api/catalogue', () => {
  const catalogue = async () => {
    const response = await fetch(`${h.checkout.url}/api/catalogue`);
    return { status: response.status, cacheControl: response.headers.get('cache-control'), body: (await response.json()) as { success: boolean; products: Record<string, unknown>[] } };
  };

  it("answers the products as saved, in the owner's order, without archived ones, for under a minute", async () => {
    await h.db.deleteFrom('product_stock').where('product_id', '>', 2).execute();
    await h.db.updateTable('products').set({ archived_at: sql<Date>`now()` }).where('id', '>', 2).execute();
    const first = await catalogue();
    expect(first.status).toBe(200);
    expect(first.cacheControl).toBe('public, max-age=30');
    // Today's two, as the storefront always showed them: the chicken on sale, the kofta coming soon.
    expect(first.body.products.map((product) => ({ ...product, hsn: undefined, gstRatePercent: undefined }))).toEqual(
      PRODUCTS.map((product) => ({ ...product, slug: product.name.toLowerCase().replaceAll(' ', '-'), hsn: undefined, gstRatePercent: undefined })),
    );

    const prawn = await addProduct(45_000, 0);
    const listed = (await catalogue()).body.products;
    expect(listed.map((product) => product.id)).toEqual([prawn.id, 1, 2]);
    expect(listed[0]).toMatchObject({ name: prawn.name, slug: prawn.slug, price: 450, weight: 'JAR', weight2: 250, coming_soon: false, image: '/images/jar.svg', hsn: '1605', gstRatePercent: 5 });
    expect(listed[0]).not.toHaveProperty('displayprice');

    await h.db.updateTable('products').set({ archived_at: sql<Date>`now()` }).where('id', '=', prawn.id).execute();
    expect((await catalogue()).body.products.map((product) => product.id)).toEqual([1, 2]);
  });
});
