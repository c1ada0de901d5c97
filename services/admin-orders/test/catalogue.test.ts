import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startAsOwner, type Harness } from './helpers.js';
import { CATALOGUE_MESSAGES } from '@pickles/shared/catalogue-input';

/**
 * Admin -> Catalogue (decision 024): the owner adds, edits, archives and reorders products through
 * /api/admin/catalogue, each save recorded, a stale save refused. This file changes the catalogue,
 * so it has a database of its own.
 */
let h: Harness;
let token: string;
let username: string;
beforeAll(async () => ({ h, token, username } = await startAsOwner({ ownDatabase: true })));
afterAll(() => h?.close());

const prawnForm = (name = 'Royal Prawn Pickle') => ({
  name,
  title: 'Coastal Recipe',
  description: 'Prawns slow-cooked in tamarind and cold-pressed coconut oil.',
  price: 649.5,
  displayPrice: 700,
  discountLabel: 'Launch Offer',
  packLabel: 'JAR',
  netGrams: 250,
  diet: 'non-vegetarian',
  ingredients: 'Prawns, coconut oil, tamarind, red chilli, salt, garlic, spices.',
  allergens: 'Contains crustaceans and mustard.',
  storage: 'Refrigerate after opening.',
  bestBefore: '4 months from packing',
  countryOfOrigin: 'India',
  hsn: '1605',
  gstRatePercent: 5,
});
const admin = (method: string, path: string, body?: unknown) => call(h.app, method, path, { token, body });
const productRow = (id: number) => h.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();

describe('/api/admin/catalogue', () => {
  it('adds a product at the end, coming soon, in paise, with its first change recorded', async () => {
    const created = await admin('POST', '/api/admin/catalogue', prawnForm());
    expect(created.status).toBe(201);
    expect(created.body.product).toMatchObject({ slug: 'royal-prawn-pickle', position: 3, pricePaise: 64_950, displayPricePaise: 70_000, discountLabel: 'Launch Offer', hsn: '1605', gstRatePercent: 5, archived: false, version: 1 });
    const id = created.body.product.id as number;
    expect(id).toBe(3);
    const stock = await h.db.selectFrom('product_stock').select(['state', 'batch_jars']).where('product_id', '=', id).executeTakeFirstOrThrow();
    expect(stock).toEqual({ state: 'coming-soon', batch_jars: null });
    // The Stock page lists it, and the owner puts it on sale with a batch there.
    expect((await admin('GET', '/api/admin/stock')).body.products.map((product: { productId: number; name: string }) => [product.productId, product.name])).toContainEqual([id, 'Royal Prawn Pickle']);
    const onSale = await admin('PUT', `/api/admin/stock/${id}`, { state: 'on-sale', batchJars: 12, nextBatchDate: null });
    expect(onSale.status).toBe(200);
    expect(onSale.body.product).toMatchObject({ productId: id, name: 'Royal Prawn Pickle', state: 'on-sale', batchJars: 12, left: 12 });

    const listed = await admin('GET', '/api/admin/catalogue');
    expect(listed.body.products.map((product: { name: string }) => product.name)).toEqual(['Royal Chicken Pickle', 'Shahi Mutton Kofta Pickle', 'Royal Prawn Pickle']);
    const changes = await admin('GET', `/api/admin/catalogue/${id}/changes`);
    expect(changes.body.changes).toEqual([{ version: 1, changedAt: expect.any(String), changedBy: username, before: null, after: expect.objectContaining({ name: 'Royal Prawn Pickle', pricePaise: 64_950 }) }]);
  });

  it('refuses a bad form naming each field, and saves nothing', async () => {
    const before = await h.db.selectFrom('products').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const response = await admin('POST', '/api/admin/catalogue', { ...prawnForm('Bad Pickle'), price: 10.555, displayPrice: 5, hsn: '16', gstRatePercent: 7, netGrams: 0, ingredients: ' ' });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.fields).toMatchObject({
      price: 'Price can have at most two decimals (paise)',
      hsn: 'HSN code must be 4 to 8 digits',
      gstRatePercent: expect.stringMatching(/^GST rate must be one of 0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28, 40 %$/),
      netGrams: 'Net quantity must be at least 1 g',
      ingredients: 'Ingredients is required',
    });
    const duplicate = await admin('POST', '/api/admin/catalogue', prawnForm('royal chicken pickle'));
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.fields).toEqual({ name: 'Name: another product is already called royal chicken pickle' });
    const after = await h.db.selectFrom('products').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('saves an edit at the version opened; a second owner saving the same version gets a conflict, not an overwrite', async () => {
    const { body } = await admin('POST', '/api/admin/catalogue', prawnForm('Lime Prawn Pickle'));
    const id = body.product.id as number;
    const first = await admin('PUT', `/api/admin/catalogue/${id}`, { ...prawnForm('Lime Prawn Pickle'), price: 699, version: 1 });
    expect(first.status).toBe(200);
    expect(first.body.product).toMatchObject({ pricePaise: 69_900, version: 2 });
    const second = await admin('PUT', `/api/admin/catalogue/${id}`, { ...prawnForm('Lime Prawn Pickle'), title: 'Typo fixed', version: 1 });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ success: false, error: 'This product was changed by someone else since you opened it. Reload it to see their changes, then save again.' });
    expect(await productRow(id)).toMatchObject({ price_paise: 69_900, title: 'Coastal Recipe', version: 2 });
    const changes = (await admin('GET', `/api/admin/catalogue/${id}/changes`)).body.changes;
    expect(changes.map((change: { version: number }) => change.version)).toEqual([2, 1]);
    expect(changes[0]).toMatchObject({ changedBy: username, before: { pricePaise: 64_950 }, after: { pricePaise: 69_900 } });
  });

  it('archives a product off the storefront, and reorders the rest', async () => {
    const { body } = await admin('POST', '/api/admin/catalogue', prawnForm('Garlic Prawn Pickle'));
    const id = body.product.id as number;
    const stale = await admin('POST', `/api/admin/catalogue/${id}/archive`, { version: 7 });
    expect(stale.status).toBe(409);
    const archived = await admin('POST', `/api/admin/catalogue/${id}/archive`, { version: 1 });
    expect(archived.status).toBe(200);
    expect(archived.body.product).toMatchObject({ archived: true, version: 2 });
    const shown = (await admin('GET', '/api/admin/catalogue')).body.products.filter((product: { archived: boolean }) => !product.archived).map((product: { id: number }) => product.id);
    expect(shown).not.toContain(id);

    const missingOne = await admin('PUT', '/api/admin/catalogue/order', { productIds: shown.slice(1) });
    expect(missingOne.status).toBe(409);
    const reversed = [...shown].reverse();
    const reordered = await admin('PUT', '/api/admin/catalogue/order', { productIds: reversed, before: shown });
    expect(reordered.status).toBe(200);
    const orderNow = (answer: { body: { products: { id: number; archived: boolean }[] } }) => answer.body.products.filter((product) => !product.archived).map((product) => product.id);
    expect(orderNow(reordered)).toEqual(reversed);
    // A second owner's page still shows the old order: their move is refused, not laid over the first's.
    const stalePage = await admin('PUT', '/api/admin/catalogue/order', { productIds: [shown[1], shown[0], ...shown.slice(2)], before: shown });
    expect(stalePage).toMatchObject({ status: 409, body: { success: false, error: CATALOGUE_MESSAGES.orderChanged } });
    expect(orderNow(await admin('GET', '/api/admin/catalogue'))).toEqual(reversed);
  });

  it('answers 401 without the admin session and 404 for an unknown product', async () => {
    expect((await call(h.app, 'GET', '/api/admin/catalogue')).status).toBe(401);
    expect((await call(h.app, 'POST', '/api/admin/catalogue', { body: prawnForm('Anon Pickle') })).status).toBe(401);
    expect((await admin('PUT', '/api/admin/catalogue/999999', { ...prawnForm('Ghost Pickle'), version: 1 })).status).toBe(404);
    expect((await admin('GET', '/api/admin/catalogue/999999/changes')).status).toBe(404);
  });
});
