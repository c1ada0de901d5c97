// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRODUCTS, type Product } from '@pickles/shared/catalogue';
import { clearCart, readCart } from '../../../features/cart/cart-store.js';
import { resetAvailability } from '../../../features/stock/availability-store.js';
import { resetCatalogue } from '../../../lib/catalogue-store.js';
import { jsonResponse, stubApi } from '../../../testing/api-stub.js';
import ProductRoute from './product-route.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';

const prawn: Product = { ...PRODUCTS[0]!, id: 3, slug: 'royal-prawn-pickle', name: 'Royal Prawn Pickle', title: 'Coastal Recipe', price: 450, displayprice: undefined, discount_name: undefined, weight: 'JAR', weight2: 250, allergens: 'Contains crustaceans.' };

function renderAt(path: string) {
  stubApi({
    'GET /catalogue': () => jsonResponse(200, { success: true, products: [PRODUCTS[0], prawn] }),
    'GET /catalogue/availability': () => jsonResponse(200, { success: true, asOf: '2026-11-28T10:00:00Z', products: [{ productId: 3, state: 'on-sale', left: null, nextBatchDate: null }] }),
  });
  renderRoutes(path, { '/shop/:slug': <ProductRoute /> });
  return userEvent.setup();
}

beforeEach(() => {
  resetCatalogue();
  resetAvailability();
  clearCart();
});
undoAfterEachTest();

describe('/shop/{slug}', () => {
  it("shows the owner's product with its label details open and its schema.org Product, and sells it", async () => {
    const user = renderAt('/shop/royal-prawn-pickle');
    expect(await screen.findByRole('heading', { level: 2, name: 'Royal Prawn Pickle' })).toBeTruthy();
    expect(screen.getByText('Contains crustaceans.')).toBeTruthy();
    expect(document.title).toBe('Royal Prawn Pickle | Royal Pickles');
    const jsonLd = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!) as Record<string, any>;
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Royal Prawn Pickle',
      sku: '3',
      offers: { '@type': 'Offer', priceCurrency: 'INR', price: '450.00', url: 'http://localhost:3000/shop/royal-prawn-pickle', availability: 'https://schema.org/InStock' },
    });
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Royal Prawn Pickle' }));
    expect(readCart()).toEqual({ 3: 1 });
  });

  it('says so for a slug the catalogue does not have', async () => {
    renderAt('/shop/no-such-pickle');
    expect(await screen.findByRole('heading', { level: 1, name: 'We do not sell this pickle' })).toBeTruthy();
  });
});
