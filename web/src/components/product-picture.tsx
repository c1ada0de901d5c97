import { FALLBACK_ART, type Product } from '@pickles/shared/catalogue';
import { photoFallbackSrc, photoSrcSet, type ProductPhoto } from '@pickles/shared/product-photos';

// The sizes live with the photos' other rules: the gateway's preload of a page's first photo uses them too.
export { PICTURE_SIZES } from '@pickles/shared/product-photos';

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
