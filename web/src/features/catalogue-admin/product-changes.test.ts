import { describe, expect, it } from 'vitest';
import type { AdminProductChange } from '@pickles/shared/api';
import { changedFields, formatFieldValue, readableChanges } from './product-changes.js';

const prawn = {
  id: 3,
  slug: 'royal-prawn-pickle',
  position: 3,
  name: 'Royal Prawn Pickle',
  title: 'Coastal Recipe',
  description: 'Prawns slow-cooked in tamarind.',
  pricePaise: 45_000,
  displayPricePaise: null,
  discountLabel: null,
  packLabel: 'JAR',
  netGrams: 250,
  art: null,
  diet: 'non-vegetarian',
  ingredients: 'Prawns, coconut oil.',
  allergens: 'Contains crustaceans.',
  storage: 'Refrigerate after opening.',
  bestBefore: '4 months from packing',
  countryOfOrigin: 'India',
  hsn: '1605',
  gstRatePercent: 5,
  archived: false,
} as const;

describe('changedFields', () => {
  it('lists only what changed, in the form order, money in rupees with paise and rates in percent', () => {
    const after = { ...prawn, gstRatePercent: 12, pricePaise: 47_550, displayPricePaise: 50_000, discountLabel: 'Launch offer' };
    expect(changedFields(prawn, after)).toEqual([
      { field: 'pricePaise', label: 'Price', before: '₹450', after: '₹475.50' },
      { field: 'displayPricePaise', label: 'Struck-through price', before: 'none', after: '₹500' },
      { field: 'discountLabel', label: 'Discount label', before: 'none', after: 'Launch offer' },
      { field: 'gstRatePercent', label: 'GST rate', before: '5%', after: '12%' },
    ]);
  });

  it('an unchanged save, or one that only moved the product, shows nothing', () => {
    expect(changedFields(prawn, { ...prawn })).toEqual([]);
    expect(changedFields(prawn, { ...prawn, position: 1 })).toEqual([]);
  });

  it('archiving reads as Archived: No → Yes; a field the catalogue gained later counts as none before', () => {
    expect(changedFields(prawn, { ...prawn, archived: true })).toEqual([{ field: 'archived', label: 'Archived', before: 'No', after: 'Yes' }]);
    expect(changedFields(prawn, { ...prawn, photos: [{ id: 'a1b2c3d4e5f60708' }] })).toEqual([{ field: 'photos', label: 'Photos', before: 'none', after: '1 photo' }]);
  });
});

describe('formatFieldValue', () => {
  it('says each kind of field in words', () => {
    expect(formatFieldValue('diet', 'vegetarian')).toBe('Vegetarian');
    expect(formatFieldValue('netGrams', 350)).toBe('350 g');
    expect(formatFieldValue('slug', 'royal-prawn-pickle')).toBe('/shop/royal-prawn-pickle');
    expect(formatFieldValue('pricePaise', 100_000)).toBe('₹1,000');
    expect(formatFieldValue('discountLabel', '')).toBe('none');
  });
});

describe('readableChanges', () => {
  it('the first save is the addition; later saves carry their changed fields, newest first as given', () => {
    const changes: AdminProductChange[] = [
      { version: 2, changedAt: '2026-11-28T10:00:00.000Z', changedBy: 'admin', before: prawn, after: { ...prawn, pricePaise: 47_500 } },
      { version: 1, changedAt: '2026-11-27T10:00:00.000Z', changedBy: 'admin', before: null, after: prawn },
    ];
    expect(readableChanges(changes)).toEqual([
      { version: 2, changedAt: '2026-11-28T10:00:00.000Z', changedBy: 'admin', isAddition: false, fields: [{ field: 'pricePaise', label: 'Price', before: '₹450', after: '₹475' }] },
      { version: 1, changedAt: '2026-11-27T10:00:00.000Z', changedBy: 'admin', isAddition: true, fields: [] },
    ]);
  });
});
