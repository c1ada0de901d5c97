import { paiseToRupees, rupeesToPaise } from './money.js';
import type { ProductPhoto } from './product-photos.js';

/**
 * The shop's fixed catalogue (docs/product.md §3). The SPA shows it and the checkout service prices
 * orders from it; the browser's prices are never trusted.
 */
export interface Product {
  id: number;
  /** The product page's address, /shop/{slug}; absent in the build-time list. */
  slug?: string;
  name: string;
  /** Path of the product's drawing under the SPA's public folder: shown when it has no photo. */
  image: string;
  /** The owner's photographs, the main one first (decision 027); absent or empty: the drawing. */
  photos?: ProductPhoto[];
  title: string;
  /** Struck-through price before discount, in rupees. */
  displayprice?: number;
  /** Selling price in rupees, MRP inclusive of GST. */
  price: number;
  /** Pack label shown beside the weight. */
  weight: string;
  /** Net weight in grams. */
  weight2: number;
  description: string;
  discount_name?: string;
  coming_soon: boolean;
  /*
   * Label disclosures (FSSAI labelling and Legal Metrology rules). The net quantity is
   * weight2; the manufacturer and packer is the seller of the seller profile.
   */
  /** FSSAI's mark: a brown triangle for non-vegetarian food, a green dot for vegetarian. */
  diet?: 'vegetarian' | 'non-vegetarian';
  /** In descending order of weight, as on the jar's label. */
  ingredients?: string;
  allergens?: string;
  storage?: string;
  /** Best before, counted from the date of packing printed on the jar. */
  bestBefore?: string;
  countryOfOrigin?: string;
  /** The tax class it is sold at (the catalogue's; the build-time list has none). */
  hsn?: string;
  gstRatePercent?: number;
}

const PICKLE_LABEL = {
  diet: 'non-vegetarian',
  allergens: 'Contains mustard.',
  storage: 'Store in a cool, dry place; refrigerate after opening; use a dry spoon.',
  bestBefore: '6 months from packing',
  countryOfOrigin: 'India',
} as const;

export const PRODUCTS: readonly Product[] = [
  {
    id: 1,
    name: 'Royal Chicken Pickle',
    image: '/images/royal-chicken-pickle.svg',
    title: 'North-Indian Style',
    displayprice: 600,
    price: 500,
    weight: 'BOX',
    weight2: 350,
    description:
      'Tender chicken slow-cooked the century-old way with handpicked spices and cold-pressed mustard oil, North-Indian style.',
    discount_name: 'Inaugural Discount',
    coming_soon: false,
    ...PICKLE_LABEL,
    ingredients:
      'Chicken, cold-pressed mustard oil, red chilli powder, Himalayan rock salt, garlic, ginger, vinegar, Lakadong turmeric, spices and condiments (fennel, fenugreek, nigella, coriander, cumin, black pepper).',
  },
  {
    id: 2,
    name: 'Shahi Mutton Kofta Pickle',
    image: '/images/shahi-mutton-kofta-pickle.svg',
    title: 'Royal Kitchen Recipe',
    price: 1000,
    weight: 'BOX',
    weight2: 350,
    description:
      'Hand-rolled mutton koftas matured in a royal blend of spices and fresh oils. Coming soon to the royal pantry.',
    coming_soon: true,
    ...PICKLE_LABEL,
    ingredients:
      'Mutton koftas (mutton, onion, gram flour, spices), cold-pressed mustard oil, red chilli powder, Himalayan rock salt, garlic, ginger, vinegar, Lakadong turmeric, spices and condiments (fennel, fenugreek, cumin, cloves, cardamom).',
  },
];

export function findProduct(id: number): Product | undefined {
  return PRODUCTS.find((product) => product.id === id);
}

export function isPurchasable(product: Product): boolean {
  return !product.coming_soon;
}

/**
 * The unit sale price the Legal Metrology rules ask beside the MRP: paise per gram of net quantity,
 * rounded half up to a whole paisa (₹500 for 350 g: 142.86 -> 143 paise, "₹1.43 per g").
 */
export function unitPricePaisePerGram(product: Product): number {
  const paise = rupeesToPaise(product.price);
  return Math.floor((2 * paise + product.weight2) / (2 * product.weight2));
}

/**
 * A product as the catalogue in the database keeps it (decision 024): money in integer paise, the
 * tax class beside it. Whether it is on sale or coming soon is the batch stock's answer, not this.
 */
export interface CatalogueProduct {
  id: number;
  slug: string;
  position: number;
  name: string;
  title: string;
  description: string;
  /** MRP inclusive of GST. */
  pricePaise: number;
  /** The struck-through price, when there is one. */
  displayPricePaise: number | null;
  discountLabel: string | null;
  packLabel: string;
  netGrams: number;
  /** The SVG drawing shown when there is no photograph. */
  art: string | null;
  diet: 'vegetarian' | 'non-vegetarian';
  ingredients: string;
  allergens: string;
  storage: string;
  bestBefore: string;
  countryOfOrigin: string;
  hsn: string;
  gstRatePercent: number;
  archived: boolean;
  version: number;
  /** The owner's photographs, the main one first (decision 027). */
  photos: ProductPhoto[];
}

/** The drawing of a product the owner has given none: a jar with a blank label, the storefront writes the product's name on it. */
export const FALLBACK_ART = '/images/jar.svg';

type LabelFacts = Pick<CatalogueProduct, 'diet' | 'ingredients' | 'allergens' | 'storage' | 'bestBefore' | 'countryOfOrigin'>;

/** What a product's label says (diet, ingredients, allergens, storage, best before, origin), copied as is into each view of it. */
export function labelFactsOf({ diet, ingredients, allergens, storage, bestBefore, countryOfOrigin }: LabelFacts): LabelFacts {
  return { diet, ingredients, allergens, storage, bestBefore, countryOfOrigin };
}

/**
 * A catalogue product as the storefront shows it (the spec's field names, prices in rupees); coming
 * soon is the batch stock's state (decision 012), passed in.
 */
export function toStorefrontProduct(product: CatalogueProduct, comingSoon: boolean): Product {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    image: product.art ?? FALLBACK_ART,
    title: product.title,
    ...(product.displayPricePaise !== null ? { displayprice: paiseToRupees(product.displayPricePaise) } : {}),
    price: paiseToRupees(product.pricePaise),
    weight: product.packLabel,
    weight2: product.netGrams,
    description: product.description,
    ...(product.discountLabel !== null ? { discount_name: product.discountLabel } : {}),
    coming_soon: comingSoon,
    ...labelFactsOf(product),
    hsn: product.hsn,
    gstRatePercent: product.gstRatePercent,
    ...(product.photos.length ? { photos: product.photos } : {}),
  };
}
