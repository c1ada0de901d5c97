import { TextCards } from '../../../components/ui/text-cards.js';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees } from '@pickles/shared/money';
import { paths } from '../../../config/paths.js';
import { PICTURE_SIZES, ProductPicture } from '../../../components/product-picture.js';
import { useLiveCatalogue } from '../../../lib/use-catalogue.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';
import { runSplash, warmUp } from './splash.js';

const HIGHLIGHTS = [
  { title: '100+ Years of Craft', text: 'Recipes handed down through generations of a royal family kitchen.' },
  { title: 'Slow-Cooked Perfection', text: 'Cooked low and slow, then matured until every piece holds the masala.' },
  { title: 'Handpicked Spices', text: 'Whole spices chosen by hand, roasted and ground in small batches.' },
] as const;

export default function LandingRoute() {
  usePageMeta(PAGE_META.home);
  const { products } = useLiveCatalogue();
  useEffect(() => {
    warmUp();
    return runSplash();
  }, []);

  return (
    <>
      {/* Shown only while <html> has .splash-active (see scripts/splash-gate.js, inlined into the landing HTML); always in the markup so hydration matches. */}
      <div className="splash" aria-hidden="true" data-testid="splash">
        <img src="/images/logo.svg" alt="" width="160" height="160" />
        <p className="splash__name">Royal Pickles</p>
      </div>
      <section className="hero" aria-labelledby="landing-title">
        <div className="container hero__inner">
          <img className="hero__logo" src="/images/logo.svg" alt="Royal Pickles crest" width="120" height="120" fetchPriority="high" />
          <p className="hero__eyebrow">Homemade pickles with royal heritage</p>
          <h1 id="landing-title">Taste the Royalty in Every Bite</h1>
          <p className="hero__text">
            Heritage meat pickles made the century-old way: tender meat slow-cooked with handpicked spices and fresh oils, packed by
            hand in small batches in Delhi and delivered across India.
          </p>
          <div className="hero__actions">
            <Link to={paths.shop} className="btn btn-primary btn-lg">
              Shop Now
            </Link>
            <Link to={paths.about} className="btn btn-ghost btn-lg">
              Discover Our Story
            </Link>
          </div>
        </div>
      </section>
      <section className="container highlights" aria-label="Why Royal Pickles">
        <TextCards items={HIGHLIGHTS} cardClass="highlight" />
      </section>
      {/* Below the highlights, out of the first screen: every picture here waits until it nears it (lazy). */}
      <section className="container" aria-labelledby="landing-products-title">
        <h2 id="landing-products-title">Our pickles</h2>
        <ul className="landing-products" role="list" style={{ listStyle: 'none', padding: 0 }}>
          {products.map((product) => (
            <li key={product.id} className="card landing-product" data-testid={`landing-product-${product.id}`}>
              <a href={product.slug ? `/shop/${product.slug}` : paths.shop}>
                <div className="product__media">
                  <ProductPicture product={product} sizes={PICTURE_SIZES.tile} />
                </div>
                <p>
                  <span>{product.name}</span>
                  <span>{formatRupees(product.price)}</span>
                </p>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
