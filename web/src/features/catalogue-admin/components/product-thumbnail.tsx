import type { CatalogueProduct } from '@pickles/shared/catalogue';
import { FALLBACK_ART } from '@pickles/shared/catalogue';
import { photoUrl } from '@pickles/shared/product-photos';

/** The product's picture in the owner's list: its main photo (the first), else its drawing, else the jar. */
export function ProductThumbnail({ product }: { product: CatalogueProduct }) {
  const main = product.photos[0];
  // 64 px boxes: the 320 px WebP is the smallest variant every photo has, sharp on a 2x phone screen.
  const src = main ? photoUrl(main.id, 320, 'webp') : (product.art ?? FALLBACK_ART);
  return <img className="cat-thumb" src={src} alt="" width={64} height={64} loading="lazy" decoding="async" />;
}
