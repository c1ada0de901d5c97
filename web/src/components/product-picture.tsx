import { FALLBACK_ART, type Product } from '@pickles/shared/catalogue';
import { photoFallbackSrc, photoSrcSet, type ProductPhoto } from '@pickles/shared/product-photos';

/**
 * The `sizes` of a product's picture, matching where it is laid out (styles/index.css): the shop's
 * grid (one column under 640 px, two beside each other up to the 1,100 px container), the product
 * page (a 40rem column) and the landing page's tiles (three across from 640 px).
 */
export const PICTURE_SIZES = {
  grid: '(min-width: 1100px) 524px, (min-width: 640px) calc(50vw - 26px), calc(100vw - 32px)',
  page: '(min-width: 672px) 608px, calc(100vw - 32px)',
  tile: '(min-width: 1100px) 340px, (min-width: 640px) calc(33vw - 24px), calc(100vw - 32px)',
} as const;

interface PhotoPictureProps {
  photo: ProductPhoto;
  alt: string;
  sizes: string;
  /** The page's largest paint: fetched at once and first (fetchpriority high); every other picture waits until it nears the screen. */
  priority?: boolean;
}

/** One photo as AVIF, else WebP, at the width the layout needs; width and height reserve its box before it arrives (CLS 0). */
export function PhotoPicture({ photo, alt, sizes, priority = false }: PhotoPictureProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcSet(photo, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, 'webp')} sizes={sizes} />
      <img
        src={photoFallbackSrc(photo)}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}

/**
 * A product's main picture: its first photo, or else its drawing. A product the owner has given
 * neither gets a jar whose blank label carries its name, drawn in the same square as a photo.
 */
export function ProductPicture({ product, sizes, priority = false }: { product: Product; sizes: string; priority?: boolean }) {
  const photo = product.photos?.[0];
  if (photo) return <PhotoPicture photo={photo} alt={photo.alt || product.name} sizes={sizes} priority={priority} />;
  const drawing = (
    <img src={product.image} alt={product.name} width="320" height="320" loading={priority ? 'eager' : 'lazy'} decoding="async" fetchPriority={priority ? 'high' : 'auto'} />
  );
  if (product.image !== FALLBACK_ART) return drawing;
  return (
    <div className="product__jar" data-testid="product-jar">
      {drawing}
      <span className="product__jar-label" aria-hidden="true">
        <span>{product.name}</span>
        <small>{product.weight2} g</small>
      </span>
    </div>
  );
}
