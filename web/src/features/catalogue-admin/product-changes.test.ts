import { describe, expect, it } from 'vitest';
import type { AdminProductChange } from '@pickles/shared/api';
import { PRAWN_PRODUCT_FIELDS } from '../../testing/catalogue-product.js';
import { changedFields, formatFieldValue, readableChanges } from './product-changes.js';


describe('changedFields', () => {
  it('lists only what changed, in the form order, money in rupees with paise and rates in percent', () => {
    const after = { ...PRAWN_PRODUCT_FIELDS, gstRatePercent: 12, pricePaise: 47_550, displayPricePaise: 50_000, discountLabel: 'Launch offer' };
    expect(changedFields(PRAWN_PRODUCT_FIELDS, after)).toEqual([
      { field: 'pricePaise', label: 'Price', before: '₹450', after: '₹475.50' },
      { field: 'displayPricePaise', label: 'Struck-through price', before: 'none', after: '₹500' },
      { field: 'discountLabel', label: 'Discount label', before: 'none', after: 'Launch offer' },
      { field: 'gstRatePercent', label: 'GST rate', before: '5%', after: '12%' },
    ]);
  });

  it('an unchanged save, or one that only moved the product, shows nothing', () => {
    expect(changedFields(PRAWN_PRODUCT_FIELDS, { ...PRAWN_PRODUCT_FIELDS })).toEqual([]);
    expect(changedFields(PRAWN_PRODUCT_FIELDS, { ...PRAWN_PRODUCT_FIELDS, position: 1 })).toEqual([]);
  });

  it('archiving reads as Archived: No → Yes; a field the catalogue gained later counts as none before', () => {
    expect(changedFields(PRAWN_PRODUCT_FIELDS, { ...PRAWN_PRODUCT_FIELDS, archived: true })).toEqual([{ field: 'archived', label: 'Archived', before: 'No', after: 'Yes' }]);
    expect(changedFields(PRAWN_PRODUCT_FIELDS, { ...PRAWN_PRODUCT_FIELDS, photos: [{ id: 'a1b2c3d4e5f60708' }] })).toEqual([{ field: 'photos', label: 'Photos', before: 'none', after: '1 photo' }]);
  });
});

describe('formatFieldValue', () => {
  it('says each kind of field in words', () => {
    expect(formatFieldValue('diet', 'vegetarian')).toBe('Vegetarian');
    expect(formatFieldValue('netGrams', 350)).toBe('350 g');
    expect(formatFieldValue('slug', 'royal-PRAWN_PRODUCT_FIELDS-pickle')).toBe('/shop/royal-PRAWN_PRODUCT_FIELDS-pickle');
    expect(formatFieldValue('pricePaise', 100_000)).toBe('₹1,000');
    expect(formatFieldValue('discountLabel', '')).toBe('none');
  });
});

describe('readableChanges', () => {
  it('the first save is the addition; later saves carry their changed fields, newest first as given', () => {
    const changes: AdminProductChange[] = [
      { version: 2, changedAt: '2026-11-28T10:00:00.000Z', changedBy: 'admin', before: PRAWN_PRODUCT_FIELDS, after: { ...PRAWN_PRODUCT_FIELDS, pricePaise: 47_500 } },
      { version: 1, changedAt: '2026-11-27T10:00:00.000Z', changedBy: 'admin', before: null, after: PRAWN_PRODUCT_FIELDS },
    ];
    expect(readableChanges(changes)).toEqual([
      { version: 2, changedAt: '2026-11-28T10:00:00.000Z', changedBy: 'admin', isAddition: false, fields: [{ field: 'pricePaise', label: 'Price', before: '₹450', after: '₹475' }] },
      { version: 1, changedAt: '2026-11-27T10:00:00.000Z', changedBy: 'admin', isAddition: true, fields: [] },
    ]);
  });
});
