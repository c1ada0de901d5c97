import type { Product } from '@pickles/shared/catalogue';
import { formatRupees } from '@pickles/shared/money';

interface ProductCardProps {
  product: Product;
  onAdd: (product: Product) => void;
  /** The first card's picture is the page's largest paint: fetch it early. */
  priority?: boolean;
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
        <p className="product__title">{product.title}</p>
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
