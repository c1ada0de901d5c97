import { useCallback, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatPaise } from '@pickles/shared/money';
import { MAX_QUANTITY_PER_LINE, type PricedCart } from '@pickles/shared/pricing';
import { paths } from '../../../config/paths.js';
import { includedGstPaise } from '../../../config/seller.js';
import { useFocusTrap } from '../../../lib/use-focus-trap.js';
import '../cart.css';

/** What the batch allows a cart line (the route works it out with features/stock). */
export interface CartLineStock {
  /** The most the line may hold now: + stops there. */
  limit: number;
  /** Why + stopped, in words (the line holds every jar left). */
  note?: string;
  /** The line holds more than the batch can supply: what is wrong, and the quantity that fixes it (0: remove). */
  problem?: { message: string; fixTo: number };
}

/** Before anything is known: no stock limit beyond the per-line one. */
const NO_STOCK_LIMIT: CartLineStock = { limit: MAX_QUANTITY_PER_LINE };

interface CartSidebarProps {
  open: boolean;
  priced: PricedCart;
  /** What the batch allows each line: + stops at the jars left, a line over them says so. */
  stockOf?: (productId: number) => CartLineStock;
  onClose: () => void;
  onIncrement: (productId: number) => void;
  onDecrement: (productId: number) => void;
  /** The fix for a line the batch cannot supply: down to what is left, or out (0). */
  onSetQuantity: (productId: number, quantity: number) => void;
  onCheckout: () => void;
  /** Above the checkout button: why the last checkout attempt was stopped (features/stock's notice). */
  checkoutNotice?: ReactNode;
}

/** What a line the batch cannot supply says, and the one-click fix. */
function LineProblem({ name, problem, onFix }: { name: string; problem: NonNullable<CartLineStock['problem']>; onFix: () => void }) {
  return (
    <div className="cart-line__stock cart-line__stock--problem" data-testid="cart-line-problem">
      <p>{problem.message}</p>
      <button type="button" className="btn" onClick={onFix}>
        {problem.fixTo === 0 ? `Remove ${name}` : `Change to ${problem.fixTo}`}
      </button>
    </div>
  );
}

/** Slide-in cart with an overlay; a modal dialog while open (focus trapped, Escape closes). */
export function CartSidebar({
  open,
  priced,
  stockOf = () => NO_STOCK_LIMIT,
  onClose,
  onIncrement,
  onDecrement,
  onSetQuantity,
  onCheckout,
  checkoutNotice,
}: CartSidebarProps) {
  const panel = useRef<HTMLElement>(null);
  const close = useCallback(() => onClose(), [onClose]);
  useFocusTrap(panel, open, close);
  const isEmpty = priced.lines.length === 0;
  const gstPaise = includedGstPaise(
    priced.lines.map((line) => ({ productId: line.product.id, name: line.product.name, quantity: line.quantity, grossPaise: line.lineTotalPaise, hsn: line.product.hsn, gstRatePercent: line.product.gstRatePercent })),
    priced.shippingPaise,
  );

  return (
    <>
      <div className={open ? 'cart-overlay is-open' : 'cart-overlay'} data-testid="cart-overlay" onClick={close} aria-hidden="true" />
      <aside
        ref={panel}
        id="cart-sidebar"
        className={open ? 'cart-sidebar is-open' : 'cart-sidebar'}
        role="dialog"
        aria-modal="true"
        aria-labelledby="cart-title"
        aria-hidden={!open}
        inert={!open}
        tabIndex={-1}
      >
        <header className="cart-sidebar__header">
          <h2 id="cart-title">Your Royal Cart</h2>
          <button type="button" className="icon-btn" aria-label="Close cart" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        {isEmpty ? (
          <div className="cart-empty">
            <p>Your cart is empty.</p>
            <Link to={paths.shop} className="btn btn-primary" onClick={close}>
              Shop pickles
            </Link>
          </div>
        ) : (
          <ul className="cart-lines">
            {priced.lines.map((line) => {
              const stock = stockOf(line.product.id);
              const { problem } = stock;
              const atLimit = problem ? undefined : stock.note;
              const noteId = `cart-line-${line.product.id}-stock`;
              return (
                <li key={line.product.id} className="cart-line" data-testid={`cart-line-${line.product.id}`}>
                  <img src={line.product.image} alt="" width="56" height="56" loading="lazy" decoding="async" />
                  <div className="cart-line__info">
                    <p className="cart-line__name">{line.product.name}</p>
                    <p className="cart-line__price">{formatPaise(line.unitPricePaise)} each</p>
                  </div>
                  <div className="qty" role="group" aria-label={`Quantity of ${line.product.name}`}>
                    <button type="button" className="qty__btn" aria-label={`Remove one ${line.product.name}`} onClick={() => onDecrement(line.product.id)}>
                      −
                    </button>
                    <span className="qty__value" data-testid="cart-line-quantity" aria-live="polite">
                      {line.quantity}
                    </span>
                    <button
                      type="button"
                      className="qty__btn"
                      aria-label={`Add one ${line.product.name}`}
                      aria-describedby={atLimit ? noteId : undefined}
                      disabled={line.quantity >= stock.limit}
                      onClick={() => onIncrement(line.product.id)}
                    >
                      +
                    </button>
                  </div>
                  <p className="cart-line__total">{formatPaise(line.lineTotalPaise)}</p>
                  {problem ? <LineProblem name={line.product.name} problem={problem} onFix={() => onSetQuantity(line.product.id, problem.fixTo)} /> : null}
                  {atLimit ? (
                    <p className="cart-line__stock" id={noteId} data-testid="cart-line-limit">
                      {atLimit}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {/* Three ₹0 rows say nothing to an empty cart. */}
        {isEmpty ? null : (
          <>
            <dl className="cart-totals">
              <div>
                <dt>Subtotal</dt>
                <dd data-testid="cart-subtotal">{formatPaise(priced.subtotalPaise)}</dd>
              </div>
              <div>
                <dt>Shipping</dt>
                <dd data-testid="cart-shipping">{formatPaise(priced.shippingPaise)}</dd>
              </div>
              <div className="cart-totals__total">
                <dt>Total</dt>
                <dd data-testid="cart-total">{formatPaise(priced.totalPaise)}</dd>
              </div>
            </dl>
            {/* Prices are MRP: the GST is inside them, taken out as the tax invoice will show it. */}
            <p className="cart-gst" data-testid="cart-gst">
              Includes GST of {formatPaise(gstPaise)}
            </p>
          </>
        )}
        <p className="cart-note">Shipping: ₹50 per order plus ₹50 per item. Prices in INR, MRP inclusive of GST.</p>
        {checkoutNotice}
        {/* Stays enabled when empty: the shop answers it with the spec's alert (docs/product.md §4). */}
        <button
          type="button"
          className={`btn btn-block ${isEmpty ? 'btn-ghost' : 'btn-primary'}`}
          onClick={onCheckout}
        >
          Proceed to Checkout
        </button>
      </aside>
    </>
  );
}
