import type { CSSProperties, ReactNode } from 'react';
import { unitPricePaisePerGram, type Product } from '@pickles/shared/catalogue';
import { formatPaise, formatRupees } from '@pickles/shared/money';
import type { ProductAvailability } from '@pickles/shared/stock';
import { seller, sellerAddressLine } from '../../../config/seller.js';
import { DietMark } from './diet-mark.js';
import { PICTURE_SIZES, ProductPicture } from '../../../components/product-picture.js';
import '../catalogue.css';

/** The line above the button (the route words it with features/stock): few left, sold out, or the cart holds every jar left. */
export interface StockNote {
  text: string;
  kind: 'low' | 'sold-out' | 'at-limit';
}

interface ProductCardProps {
  product: Product;
  /** Live from the server once it answers; the catalogue's flags in the prerendered HTML (features/stock). */
  availability: ProductAvailability;
  /** 'at-limit' also stops the add button: the cart holds every jar the batch has left. */
  stockNote?: StockNote;
  onAdd: (product: Product) => void;
  /** The first card's picture is the page's largest paint: fetch it early. */
  priority?: boolean;
  /** The label details open (the product's own page). */
  labelOpen?: boolean;
  /** Shown under the button while the product cannot be bought: "tell me when the next batch is ready" (the route gives features/stock's form). */
  notifyMe?: ReactNode;
}

/** What the jar's label says, closed at first so the card stays short (catalogue.css styles the inside). */
function LabelDetails({ product, open = false }: { product: Product; open?: boolean }) {
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
    <details className="product__label" open={open}>
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

/**
 * The stock line's box is the same in every state, empty included: the prerendered card shows the
 * catalogue's flags and the live answer swaps in without moving anything below it (CLS 0). Two lines
 * hold the longest message at 360 px. Inline, like the facts below: the feature's sheet arrives
 * after the prerendered HTML has painted.
 */
const STOCK_LINE_STYLE: CSSProperties = { minHeight: '2.8em', margin: 0, fontSize: '0.9rem', lineHeight: 1.4, display: 'flex', alignItems: 'flex-end' };
/**
 * Room for the closed "tell me when the next batch is ready" line (features/stock's notify-me form:
 * 0.9rem text at line height 1.4 with 0.35rem above and below), kept on every card that offers one,
 * buyable ones included: a card the prerendered HTML drew as coming soon that the live answer puts on
 * sale, or the other way round, keeps its height and nothing under it moves (CLS 0).
 */
const NOTIFY_SLOT_STYLE: CSSProperties = { minHeight: 'calc(0.9rem * 1.4 + 0.7rem)' };
/** The stock line and the button stay together at the foot of the card, whatever the card's height. */
const PURCHASE_STYLE: CSSProperties = { marginTop: 'auto', display: 'flex', flexDirection: 'column', gap: '0.5rem' };

export function ProductCard({ product, availability, stockNote, onAdd, priority = false, labelOpen = false, notifyMe }: ProductCardProps) {
  const headingId = `product-${product.id}-name`;
  const stockId = `product-${product.id}-stock`;
  const isComingSoon = availability.state === 'coming-soon';
  const isSoldOut = availability.state === 'sold-out';
  const limitReached = stockNote?.kind === 'at-limit';
  const message = stockNote?.text;
  const messageKind = stockNote?.kind ?? 'none';
  return (
    <article className={isComingSoon || isSoldOut ? 'card product is-coming-soon' : 'card product'} aria-labelledby={headingId} data-testid={`product-${product.id}`} data-stock={availability.state}>
      <div className="product__media">
        <ProductPicture product={product} sizes={labelOpen ? PICTURE_SIZES.page : PICTURE_SIZES.grid} priority={priority} />
        {product.discount_name && <span className="badge badge-discount">{product.discount_name}</span>}
        {isComingSoon && <span className="badge badge-soon">Coming Soon</span>}
        {isSoldOut && <span className="badge badge-soon">Sold Out</span>}
      </div>
      <div className="product__body">
        <h2 id={headingId} className="product__name">
          {product.slug && !labelOpen ? (
            <a href={`/shop/${product.slug}`} style={{ color: 'inherit', textDecoration: 'none' }}>
              {product.name}
            </a>
          ) : (
            product.name
          )}
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
        <LabelDetails product={product} open={labelOpen} />
        <div style={PURCHASE_STYLE}>
          {/* Polite: "Only 3 left" or the batch's limit is read out when it changes, the card is not re-read. */}
          <p id={stockId} className="product__stock" data-kind={messageKind} data-testid="product-stock" style={STOCK_LINE_STYLE} aria-live="polite">
            {message ? <span>{message}</span> : null}
          </p>
          {isComingSoon || isSoldOut ? (
            <button type="button" className="btn btn-block" disabled aria-describedby={message ? stockId : undefined}>
              {isComingSoon ? 'Coming Soon' : 'Sold Out'}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-block"
              aria-label={`Add to Cart: ${product.name}`}
              aria-describedby={message ? stockId : undefined}
              disabled={limitReached}
              onClick={() => onAdd(product)}
            >
              Add to Cart
            </button>
          )}
          {notifyMe && (
            <div style={NOTIFY_SLOT_STYLE} data-testid="notify-slot">
              {(isComingSoon || isSoldOut) && notifyMe}
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
