import type { CatalogueProduct } from '@pickles/shared/catalogue';
import type { ProductPhoto } from '@pickles/shared/product-photos';

/** The owner's third pickle, the prawn one, as a catalogue change records it (no version, no photos), for the catalogue screens' tests. */
export const PRAWN_PRODUCT_FIELDS = {
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
} as const satisfies Omit<CatalogueProduct, 'version' | 'photos'>;

/** The same product as GET /api/admin/catalogue returns it, with its photos and version. */
export const prawnProduct = (photos: ProductPhoto[] = [], version = 4): CatalogueProduct => ({ ...PRAWN_PRODUCT_FIELDS, version, photos });
