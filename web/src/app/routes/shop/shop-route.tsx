import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRODUCTS, type Product } from '@pickles/shared/catalogue';
import { paths } from '../../../config/paths.js';
import { toCheckoutState } from '../../../lib/checkout-state.js';
import { ProductCard } from '../../../features/catalogue/components/product-card.js';
import { CartButton } from '../../../features/cart/components/cart-button.js';
import { CartSidebar } from '../../../features/cart/components/cart-sidebar.js';
import { useCart } from '../../../features/cart/hooks/use-cart.js';
import { PAGE_META, usePageMeta } from '../../page-meta.js';

export const POPUP_DURATION_MS = 1_500;
export const EMPTY_CART_MESSAGE = 'Your cart is empty! Please add some delicacies.';

const FEATURES = [
  { title: 'Quality Assurance', text: '100% natural ingredients' },
  { title: 'Freshly Made', text: 'Prepared weekly in small batches' },
  { title: 'Health & Safety', text: 'Hygienically cooked, sealed and packed' },
] as const;

export default function ShopRoute() {
  usePageMeta(PAGE_META.shop);
  const navigate = useNavigate();
  const { cart, priced, itemCount, add, decrement } = useCart();
  const [cartOpen, setCartOpen] = useState(false);
  const [popup, setPopup] = useState<{ text: string; key: number } | undefined>();
  const popupTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(popupTimer.current), []);

  const handleAdd = useCallback(
    (product: Product) => {
      if (!add(product.id)) return;
      window.clearTimeout(popupTimer.current);
      setPopup({ text: `Added ${product.name} to cart!`, key: Date.now() });
      popupTimer.current = window.setTimeout(() => setPopup(undefined), POPUP_DURATION_MS);
    },
    [add],
  );

  const closeCart = useCallback(() => setCartOpen(false), []);

  const checkout = () => {
    if (priced.lines.length === 0) {
      window.alert(EMPTY_CART_MESSAGE);
      return;
    }
    navigate(paths.payment, { state: toCheckoutState(cart, priced) });
  };

  return (
    <>
      <section className="page-hero page-hero--compact" aria-labelledby="shop-title">
        <div className="container">
          <h1 id="shop-title">Shop Our Pickles</h1>
          <p>Century-old, slow-cooked recipes with handpicked spices. Prices in INR, MRP inclusive of GST.</p>
        </div>
      </section>
      <section className="container product-grid" aria-label="Products">
        {PRODUCTS.map((product, index) => (
          <ProductCard key={product.id} product={product} onAdd={handleAdd} priority={index === 0} />
        ))}
      </section>
      <section className="container features" aria-label="Our promise">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="card feature">
            <h2>{feature.title}</h2>
            <p>{feature.text}</p>
          </article>
        ))}
      </section>

      <div className="toast-region" role="status" aria-live="polite">
        {popup && (
          <p key={popup.key} className="toast" data-testid="cart-popup">
            {popup.text}
          </p>
        )}
      </div>
      <CartButton itemCount={itemCount} expanded={cartOpen} onClick={() => setCartOpen(true)} />
      <CartSidebar
        open={cartOpen}
        priced={priced}
        onClose={closeCart}
        onIncrement={(id) => add(id)}
        onDecrement={decrement}
        onCheckout={checkout}
      />
    </>
  );
}
