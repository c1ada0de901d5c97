/**
 * The shop's fixed catalogue (docs/product.md §3). The SPA shows it and the checkout service prices
 * orders from it; the browser's prices are never trusted.
 */
export interface Product {
  id: number;
  name: string;
  /** Path of the product picture under the SPA's public folder. */
  image: string;
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
}

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
  },
];

export function findProduct(id: number): Product | undefined {
  return PRODUCTS.find((product) => product.id === id);
}

export function isPurchasable(product: Product): boolean {
  return !product.coming_soon;
}
