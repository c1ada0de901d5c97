import type { AdminProductChange } from '@pickles/shared/api';
import type { CatalogueProduct } from '@pickles/shared/catalogue';
import { formatPaise } from '@pickles/shared/money';

/** One field of a save as the owner reads it: "Price: ₹500 → ₹475". */
export interface FieldChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** One save in the change log, readable. */
export interface ReadableChange {
  version: number;
  changedAt: string;
  changedBy: string;
  /** The first save: the product was added (its fields are the form the owner filled). */
  isAddition: boolean;
  fields: FieldChange[];
}

/** The form's labels, in the form's order; the change log names a field as the form does. */
export const FIELD_LABELS: Readonly<Partial<Record<keyof CatalogueProduct | 'photos', string>>> = {
  name: 'Name',
  title: 'Title',
  description: 'Description',
  pricePaise: 'Price',
  displayPricePaise: 'Struck-through price',
  discountLabel: 'Discount label',
  packLabel: 'Pack label',
  netGrams: 'Net quantity',
  diet: 'Diet mark',
  ingredients: 'Ingredients',
  allergens: 'Allergens',
  storage: 'Storage',
  bestBefore: 'Best before',
  countryOfOrigin: 'Country of origin',
  hsn: 'HSN code',
  gstRatePercent: 'GST rate',
  slug: 'Page address',
  art: 'Drawing',
  photos: 'Photos',
  archived: 'Archived',
};

/** Bookkeeping, not what the owner changed: the storefront position moves with Move up / Move down. */
const NOT_SHOWN = new Set(['id', 'position', 'version']);

const DIET_WORDS: Record<string, string> = { vegetarian: 'Vegetarian', 'non-vegetarian': 'Non-vegetarian' };

/** A field's value in words; "none" for an empty optional field. */
export function formatFieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return 'none';
  if ((field === 'pricePaise' || field === 'displayPricePaise') && typeof value === 'number') return formatPaise(value);
  if (field === 'gstRatePercent' && typeof value === 'number') return `${value}%`;
  if (field === 'netGrams' && typeof value === 'number') return `${value} g`;
  if (field === 'diet' && typeof value === 'string') return DIET_WORDS[value] ?? value;
  if (field === 'slug' && typeof value === 'string') return `/shop/${value}`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 1 ? '1 photo' : `${value.length} photos`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields one save changed, in the form's order (then any other field by name), before → after.
 * A field absent on one side (a field added to the catalogue later) counts as "none" there.
 */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const known = Object.keys(FIELD_LABELS);
  const others = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((field) => !known.includes(field)).sort();
  return [...known, ...others]
    .filter((field) => !NOT_SHOWN.has(field) && (field in before || field in after) && !same(before[field], after[field]))
    .map((field) => ({
      field,
      label: FIELD_LABELS[field as keyof typeof FIELD_LABELS] ?? field,
      before: formatFieldValue(field, before[field]),
      after: formatFieldValue(field, after[field]),
    }));
}

/** The change log as the owner reads it: each save with only what it changed (the first: the product added). */
export function readableChanges(changes: readonly AdminProductChange[]): ReadableChange[] {
  return changes.map((change) => ({
    version: change.version,
    changedAt: change.changedAt,
    changedBy: change.changedBy,
    isAddition: change.before === null,
    fields: change.before === null ? [] : changedFields(change.before, change.after),
  }));
}
