// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { findProduct, type Product } from '@pickles/shared/catalogue';
import { ProductCard } from './product-card.js';

function renderCard(id: number) {
  const product = findProduct(id) as Product;
  render(<ProductCard product={product} onAdd={() => undefined} />);
  return within(screen.getByRole('article', { name: product.name }));
}

afterEach(() => cleanup());

describe('a product card discloses what the jar label says (issue 16)', () => {
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
