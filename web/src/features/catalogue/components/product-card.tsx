import { unitPricePaisePerGram, type Product } from '@pickles/shared/catalogue';
import { formatPaise, formatRupees } from '@pickles/shared/money';
import { seller, sellerAddressLine } from '../../../config/seller.js';
import { DietMark } from './diet-mark.js';
import '../catalogue.css';

interface ProductCardProps {
  product: Product;
  onAdd: (product: Product) => void;
  /** The first card's picture is the page's largest paint: fetch it early. */
  priority?: boolean;
}

/** What the jar's label says (issue 16), closed at first so the card stays short (catalogue.css styles the inside). */
function LabelDetails({ product }: { product: Product }) {
  const rows = [
    ['Ingredients', product.ingredients],
    ['Allergens', product.allergens],
    ['Storage', product.storage],
    ['Best before', product.bestBefore],
    ['Country of origin', product.countryOfOrigin],
    ['Manufactured and packed by', `${seller.legalName}, ${sellerAddressLine()}`],
    ['FSSAI Lic. No.', seller.fssaiLicence],
    ['Customer care', `${seller.customerCare.phone}, ${seller.customerCare.email}`],
  ] as const;
  return (
    <details className="product__label">
      <summary>Ingredients and label details</summary>
      <dl>
        {rows.map(([term, value]) =>
          value ? (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </details>
  );
}

export function ProductCard({ product, onAdd, priority = false }: ProductCardProps) {
  const headingId = `product-${product.id}-name`;
  return (
    <article className={product.coming_soon ? 'card product is-coming-soon' : 'card product'} aria-labelledby={headingId} data-testid={`product-${product.id}`}>
      <div className="product__media">
        <img
          src={product.image}
          alt={product.name}
          width="320"
          height="320"
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
        />
        {product.discount_name && <span className="badge badge-discount">{product.discount_name}</span>}
        {product.coming_soon && <span className="badge badge-soon">Coming Soon</span>}
      </div>
      <div className="product__body">
        <h2 id={headingId} className="product__name">
          {product.name}
        </h2>
        <p className="product__title">
          {product.diet && <DietMark diet={product.diet} />} {product.title}
        </p>
        <p className="product__description">{product.description}</p>
        <p className="product__weight">
          {product.weight} · {product.weight2} g
        </p>
        <p className="product__prices">
          {product.displayprice !== undefined && (
            <s className="product__was">
              <span className="visually-hidden">Was </span>
              {formatRupees(product.displayprice)}
            </s>
          )}
          <span className="product__price">
            {product.displayprice !== undefined && <span className="visually-hidden">Now </span>}
            {formatRupees(product.price)}
          </span>
        </p>
        {/*
          Legal Metrology: MRP with taxes, net quantity and unit sale price, readable without a click.
          No class of this feature's sheet: it arrives with the shop's chunk, after the prerendered
          HTML has painted, and would shift it. No-break spaces keep each figure with its unit.
        */}
        <div className="product__facts" data-testid="product-facts" style={{ fontSize: '0.9rem' }}>
          <p>MRP {formatRupees(product.price)} (incl. of all taxes)</p>
          <p>
            {`Net quantity\u00a0${product.weight2}\u00a0g`} · {`${formatPaise(unitPricePaisePerGram(product))}\u00a0per\u00a0g`}
          </p>
        </div>
        <LabelDetails product={product} />
        {product.coming_soon ? (
          <button type="button" className="btn btn-block" disabled>
            Coming Soon
          </button>
        ) : (
          <button type="button" className="btn btn-primary btn-block" aria-label={`Add to Cart: ${product.name}`} onClick={() => onAdd(product)}>
            Add to Cart
          </button>
        )}
      </div>
    </article>
  );
}
