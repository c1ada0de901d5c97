import { z } from 'zod';
import { rupeesToPaise } from './money.js';

/**
 * What the owner saves on Admin -> Catalogue (decision 024), checked the same way in the browser and
 * in admin-orders. Each message names its field. Prices are rupees with paise, MRP inclusive of GST.
 */

/** The GST rates goods can carry (CGST notifications' schedules), in percent. */
export const GST_RATES_PERCENT = [0, 0.1, 0.25, 1.5, 3, 5, 12, 18, 28, 40] as const;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` });

const rupees = (field: string) =>
  z
    .number({ error: `${field} must be an amount in rupees` })
    .positive({ error: `${field} must be more than ₹0` })
    .max(100_000, { error: `${field} must be at most ₹1,00,000` })
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: `${field} can have at most two decimals (paise)` });

export const catalogueProductInputSchema = z
  .object({
    name: text('Name', 80).refine((value) => value.length >= 2, { error: 'Name must be at least 2 characters' }),
    title: text('Title', 80),
    description: text('Description', 1_000),
    price: rupees('Price'),
    displayPrice: rupees('Struck-through price').nullable().default(null),
    discountLabel: z.string().trim().max(40, { error: 'Discount label must be at most 40 characters' }).nullable().default(null),
    packLabel: text('Pack label', 20),
    netGrams: z.number({ error: 'Net quantity must be a whole number of grams' }).int({ error: 'Net quantity must be a whole number of grams' }).min(1, { error: 'Net quantity must be at least 1 g' }).max(100_000, { error: 'Net quantity must be at most 100,000 g' }),
    diet: z.enum(['vegetarian', 'non-vegetarian'], { error: 'Diet mark must be vegetarian or non-vegetarian' }),
    ingredients: text('Ingredients', 2_000),
    allergens: text('Allergens', 300),
    storage: text('Storage', 300),
    bestBefore: text('Best before', 100),
    countryOfOrigin: text('Country of origin', 60),
    hsn: z.string({ error: 'HSN code is required' }).trim().regex(/^\d{4,8}$/, { error: 'HSN code must be 4 to 8 digits' }),
    gstRatePercent: z.number({ error: 'GST rate is required' }).refine((rate) => (GST_RATES_PERCENT as readonly number[]).includes(rate), { error: `GST rate must be one of ${GST_RATES_PERCENT.join(', ')} %` }),
  })
  .superRefine((input, context) => {
    if (input.displayPrice !== null && rupeesToPaise(input.displayPrice) <= rupeesToPaise(input.price)) {
      context.addIssue({ code: 'custom', path: ['displayPrice'], message: 'Struck-through price must be more than the price' });
    }
    if (input.displayPrice === null && input.discountLabel) {
      context.addIssue({ code: 'custom', path: ['discountLabel'], message: 'Discount label needs a struck-through price' });
    }
  });
export type CatalogueProductInput = z.output<typeof catalogueProductInputSchema>;

/** An edit: the product as saved, and the version the owner opened (a newer one is a conflict). */
export const catalogueProductUpdateSchema = catalogueProductInputSchema.and(z.object({ version: z.number({ error: 'version is required' }).int().positive() }));

export const catalogueArchiveSchema = z.object({ version: z.number({ error: 'version is required' }).int().positive() });

export const catalogueOrderSchema = z.object({
  productIds: z.array(z.number().int().positive(), { error: 'productIds must list the products in their new order' }).min(1).max(500),
  /** The order as the owner's page showed it: another owner's reorder since is a conflict, not overwritten. */
  before: z.array(z.number().int().positive(), { error: 'before must list the products in the order the page showed' }).max(500).optional(),
});

/** The address of a product page from its name: 'Royal Prawn Pickle!' -> 'royal-prawn-pickle'. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '') || 'product';
}

export const CATALOGUE_MESSAGES = {
  conflict: 'This product was changed by someone else since you opened it. Reload it to see their changes, then save again.',
  unknownProduct: 'No product with that id',
  duplicateName: (name: string) => `Name: another product is already called ${name}`,
  orderMismatch: 'productIds must list every product of the catalogue once',
  orderChanged: 'Someone else changed the order of the products since you opened this page. Here it is as it is now: move the product again.',
} as const;
