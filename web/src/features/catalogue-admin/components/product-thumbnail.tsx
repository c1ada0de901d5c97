import type { CatalogueProduct } from '@pickles/shared/catalogue';
import { FALLBACK_ART } from '@pickles/shared/catalogue';

/**
 * The product's picture in the owner's list: its drawing, or the jar of spices when it has none.
 * The main photo (the first of `photos`, photo contract) takes this place when photos are merged.
 */
export function ProductThumbnail({ product }: { product: CatalogueProduct }) {
  return <img className="cat-thumb" src={product.art ?? FALLBACK_ART} alt="" width={64} height={64} loading="lazy" decoding="async" />;
}
