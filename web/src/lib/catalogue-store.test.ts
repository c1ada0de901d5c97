// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRODUCTS, type Product } from '@pickles/shared/catalogue';
import { priceCart } from '@pickles/shared/pricing';
import { jsonResponse, stubApi } from '../testing/api-stub.js';
import { catalogueProduct, catalogueProductBySlug, readCatalogue, refreshCatalogue, resetCatalogue, subscribeCatalogue } from './catalogue-store.js';
import { repriceCheckout, toCheckoutState } from './checkout-state.js';

const prawn: Product = { ...PRODUCTS[0]!, id: 3, slug: 'prawn-pickle', name: 'Prawn Pickle', price: 450.5, coming_soon: false };
const answer = (...products: Product[]) => jsonResponse(200, { success: true, products });

beforeEach(() => resetCatalogue());
afterEach(() => vi.unstubAllGlobals());

describe('the catalogue store', () => {
  it("starts from the build's list, then shows the owner's catalogue when the server answers", async () => {
    expect(readCatalogue()).toEqual({ products: PRODUCTS, isLive: false });
    stubApi({ 'GET /catalogue': () => answer(PRODUCTS[0]!, prawn) });
    const listener = vi.fn();
    const unsubscribe = subscribeCatalogue(listener);
    const snapshot = await refreshCatalogue();
    unsubscribe();
    expect(snapshot.isLive).toBe(true);
    expect(snapshot.products.map((product) => product.name)).toEqual(['Royal Chicken Pickle', 'Prawn Pickle']);
    expect(catalogueProduct(3)?.price).toBe(450.5);
    expect(catalogueProductBySlug('prawn-pickle')?.id).toBe(3);
    expect(catalogueProduct(2)).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('renders nothing again for an answer equal to what is shown', async () => {
    stubApi({ 'GET /catalogue': () => answer(PRODUCTS[0]!, prawn) });
    await refreshCatalogue();
    const listener = vi.fn();
    const unsubscribe = subscribeCatalogue(listener);
    const before = readCatalogue();
    await refreshCatalogue();
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    expect(readCatalogue()).toBe(before);
  });

  it('keeps what is shown when the server cannot answer', async () => {
    stubApi({ 'GET /catalogue': () => jsonResponse(503, { success: false, error: 'down' }) });
    await expect(refreshCatalogue()).rejects.toBeDefined();
    expect(readCatalogue()).toEqual({ products: PRODUCTS, isLive: false });
  });
});

describe('a checkout priced again from the catalogue', () => {
  const chickenAt = (price: number): Product => ({ ...PRODUCTS[0]!, price });
  const filledYesterday = toCheckoutState({ 1: 2, 3: 1 }, priceCart({ 1: 2, 3: 1 }, [chickenAt(500), prawn]));

  it('shows the new price and says what changed', () => {
    const { checkout, changes } = repriceCheckout(filledYesterday, [chickenAt(550), prawn]);
    expect(changes).toEqual(['The price of Royal Chicken Pickle is now ₹550 (it was ₹500 when you added it).']);
    expect(checkout).toMatchObject({ subtotal: 1_550.5, shippingCost: 200, total: 1_750.5 });
    expect(checkout.products.map((product) => [product.id, product.price])).toEqual([
      [1, 550],
      [3, 450.5],
    ]);
  });

  it('takes out a product no longer sold, saying so', () => {
    const { checkout, changes } = repriceCheckout(filledYesterday, [chickenAt(500)]);
    expect(changes).toEqual(['Prawn Pickle is no longer sold and has left your order.']);
    expect(checkout.cart).toEqual({ 1: 2 });
    expect(checkout.total).toBe(1_150);
  });

  it('changes nothing when the prices are the same', () => {
    const { checkout, changes } = repriceCheckout(filledYesterday, [chickenAt(500), prawn]);
    expect(changes).toEqual([]);
    expect(checkout).toBe(filledYesterday);
  });
});
