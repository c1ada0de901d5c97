import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Product } from '@pickles/shared/catalogue';
import { paths } from '../../../config/paths.js';
import { ProductCard } from '../../../features/catalogue/components/product-card.js';
import { PICTURE_SIZES, PhotoPicture } from '../../../components/product-picture.js';
import { useCart } from '../../../features/cart/hooks/use-cart.js';
import { NotifyMeForm, availabilityOf, lineLimit, productStockNote, useLiveAvailability } from '../../../features/stock/index.js';
import { catalogueProductBySlug } from '../../../lib/catalogue-store.js';
import { useLiveCatalogue } from '../../../lib/use-catalogue.js';
import { BRAND, usePageMeta } from '../../page-meta.js';
import { productJsonLd } from './product-json-ld.js';

/**
 * /shop/{slug}: one product of the catalogue as the owner saved it (decision 024), with its label
 * details open and its schema.org Product. Rendered in the browser from the catalogue; a slug the
 * catalogue does not have (yet, or any more) says so once the server has answered.
 */
export default function ProductRoute() {
  const { slug = '' } = useParams();
  const catalogue = useLiveCatalogue();
  const product = catalogueProductBySlug(slug, catalogue);
  const availability = useLiveAvailability();
  const { cart, add } = useCart();
  const [added, setAdded] = useState<string | undefined>();
  usePageMeta(product ? { title: `${product.name} | ${BRAND}`, description: product.description } : { title: `Shop Our Pickles | ${BRAND}`, description: 'Royal Pickles' });

  const handleAdd = useCallback(
    (chosen: Product) => {
      if (add(chosen.id, lineLimit(availability, chosen.id))) setAdded(`Added ${chosen.name} to cart!`);
    },
    [add, availability],
  );

  if (!product) {
    return (
      <section className="container page-hero page-hero--compact" aria-labelledby="product-missing">
        <h1 id="product-missing">{catalogue.isLive ? 'We do not sell this pickle' : 'Loading the pickle…'}</h1>
        <p>
          <Link to={paths.shop}>See all our pickles</Link>
        </p>
      </section>
    );
  }
  const productAvailability = availabilityOf(availability, product.id);
  return (
    <>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: productJsonLd(product, window.location.origin, productAvailability.state === 'on-sale') }} />
      <section className="container product-page" aria-label={product.name} style={{ maxWidth: '40rem', paddingBlock: '1.5rem' }}>
        <p>
          <Link to={paths.shop}>← All our pickles</Link>
        </p>
        <ProductCard
          product={product}
          availability={productAvailability}
          stockNote={productStockNote(product, cart[String(product.id)] ?? 0, productAvailability)}
          onAdd={handleAdd}
          priority
          labelOpen
          notifyMe={<NotifyMeForm productId={product.id} productName={product.name} open />}
        />
        {(product.photos?.length ?? 0) > 1 && (
          <ul className="product-gallery" aria-label={`More photos of ${product.name}`}>
            {product.photos!.slice(1).map((photo) => (
              <li key={photo.id}>
                <PhotoPicture photo={photo} alt={photo.alt || product.name} sizes={PICTURE_SIZES.page} />
              </li>
            ))}
          </ul>
        )}
        <div className="toast-region" role="status" aria-live="polite">
          {added && <p className="toast">{added}</p>}
        </div>
      </section>
    </>
  );
}
