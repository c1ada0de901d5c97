import type { Product } from '@pickles/shared/catalogue';
import { PHOTO_WIDTHS, photoUrl, photoWidthsFor } from '@pickles/shared/product-photos';

/**
 * schema.org Product for a product page: what search engines show beside the result (name, image,
 * price in INR, in stock or not). Built from the catalogue as the page shows it.
 */
/** Every photo at its largest width as WebP (what search engines read), or the drawing when there is none. */
function imagesOf(product: Product, origin: string): string[] {
  const photos = product.photos ?? [];
  if (!photos.length) return [new URL(product.image, origin).toString()];
  return photos.map((photo) => {
    const widths = photoWidthsFor(photo);
    return new URL(photoUrl(photo.id, widths[widths.length - 1] ?? PHOTO_WIDTHS[0], 'webp'), origin).toString();
  });
}

export function productJsonLd(product: Product, origin: string, isOnSale: boolean): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    image: imagesOf(product, origin),
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
