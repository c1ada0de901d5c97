import type { Product } from '@pickles/shared/catalogue';

/**
 * schema.org Product for a product page: what search engines show beside the result (name, image,
 * price in INR, in stock or not). Built from the catalogue as the page shows it.
 */
export function productJsonLd(product: Product, origin: string, isOnSale: boolean): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: new URL(product.image, origin).toString(),
    sku: String(product.id),
    brand: { '@type': 'Brand', name: 'Royal Pickles' },
    countryOfOrigin: product.countryOfOrigin,
    weight: { '@type': 'QuantitativeValue', value: product.weight2, unitCode: 'GRM' },
    offers: {
      '@type': 'Offer',
      url: new URL(`/shop/${product.slug ?? product.id}`, origin).toString(),
      priceCurrency: 'INR',
      price: product.price.toFixed(2),
      availability: isOnSale ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  // '<' escaped so no text of the product can close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
