// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findProduct, type Product } from '@pickles/shared/catalogue';
import { catalogueAvailability, type ProductAvailability } from '@pickles/shared/stock';
import { ProductCard, type StockNote } from './product-card.js';

function renderCard(id: number, availability?: Partial<ProductAvailability>, stockNote?: StockNote) {
  const product = findProduct(id) as Product;
  render(<ProductCard product={product} availability={{ ...catalogueAvailability(product), ...availability }} stockNote={stockNote} onAdd={() => undefined} />);
  return within(screen.getByRole('article', { name: product.name }));
}

afterEach(() => cleanup());

describe('a product card discloses what the jar label says', () => {
  it('shows the non-vegetarian mark, MRP with taxes, net quantity and unit price without opening anything', () => {
    const card = renderCard(1);
    expect(card.getByRole('img', { name: 'Non-vegetarian' })).toBeTruthy();
    expect(card.getByText('MRP ₹500 (incl. of all taxes)')).toBeTruthy();
    // ₹500 / 350 g = 142.857 paise a gram: ₹1.43, two decimals.
    expect(card.getByText('Net quantity 350 g · ₹1.43 per g')).toBeTruthy();
  });

  it('gives the unit price with two decimals for the dearer jar too', () => {
    // ₹1,000 / 350 g = 285.714 paise a gram: ₹2.86.
    expect(renderCard(2).getByText('Net quantity 350 g · ₹2.86 per g')).toBeTruthy();
  });

  it('opens on ingredients, allergens, storage, best before, origin and the packer with its address', async () => {
    const card = renderCard(1);
    const details = card.getByText('Ingredients and label details').closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await userEvent.setup().click(card.getByText('Ingredients and label details'));
    expect(details.open).toBe(true);
    const label = (term: string) => within(details).getByText(term).nextElementSibling?.textContent;
    expect(label('Ingredients')).toMatch(/^Chicken, cold-pressed mustard oil, red chilli powder/);
    expect(label('Allergens')).toBe('Contains mustard.');
    expect(label('Storage')).toBe('Store in a cool, dry place; refrigerate after opening; use a dry spoon.');
    expect(label('Best before')).toBe('6 months from packing');
    expect(label('Country of origin')).toBe('India');
    // The demo seller profile (tests do not run the build that reads the environment).
    expect(label('Manufactured and packed by')).toBe('FAKE Royal Pickles Foods Private Limited, FAKE 0 Example Lane, Chandni Chowk, Delhi 110006, Delhi, India');
    expect(label('FSSAI Lic. No.')).toBe('10000000000000');
  });
});

describe('a product card shows the live state of its batch', () => {
  it('as the catalogue says until the server answers: on sale with an empty stock line, coming soon disabled', () => {
    const chicken = renderCard(1);
    expect(chicken.getByTestId('product-stock').textContent).toBe('');
    expect((chicken.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    const kofta = renderCard(2);
    expect(kofta.getByText('Coming Soon', { selector: '.badge' })).toBeTruthy();
    expect((kofta.getByRole('button', { name: 'Coming Soon' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('few left: the line says so and describes the button', () => {
    const card = renderCard(1, { left: 3 }, { text: 'Only 3 left', kind: 'low' });
    expect(card.getByTestId('product-stock').textContent).toBe('Only 3 left');
    const add = card.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }) as HTMLButtonElement;
    expect(add.disabled).toBe(false);
    expect(add.getAttribute('aria-describedby')).toBe('product-1-stock');
  });

  it('sold out: a Sold Out badge, the line, and no way to add', () => {
    const card = renderCard(1, { state: 'sold-out', left: 0, nextBatchDate: '2026-11-30' }, { text: 'Sold out - next batch on 30 Nov 2026', kind: 'sold-out' });
    expect(card.getByTestId('product-stock').textContent).toBe('Sold out - next batch on 30 Nov 2026');
    expect(card.getByText('Sold Out', { selector: '.badge' })).toBeTruthy();
    expect((card.getByRole('button', { name: 'Sold Out' }) as HTMLButtonElement).disabled).toBe(true);
    expect(card.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
  });

  it('a launched product sells: the live state wins over the catalogue flag', () => {
    const card = renderCard(2, { state: 'on-sale', left: null });
    expect(card.queryByText('Coming Soon')).toBeNull();
    expect((card.getByRole('button', { name: 'Add to Cart: Shahi Mutton Kofta Pickle' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('at the limit the add button stops, the reason in words beside it', () => {
    const card = renderCard(1, { left: 3 }, { text: 'Only 3 jars of Royal Chicken Pickle are left in this batch', kind: 'at-limit' });
    expect((card.getByRole('button', { name: 'Add to Cart: Royal Chicken Pickle' }) as HTMLButtonElement).disabled).toBe(true);
    expect(card.getByTestId('product-stock').textContent).toBe('Only 3 jars of Royal Chicken Pickle are left in this batch');
  });
});
