import { TextCards } from '../../../components/ui/text-cards.js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Product } from '@pickles/shared/catalogue';
import { priceCart } from '@pickles/shared/pricing';
import { paths } from '../../../config/paths.js';
import { toCheckoutState } from '../../../lib/checkout-state.js';
import { ProductCard } from '../../../features/catalogue/components/product-card.js';
import { readCatalogue } from '../../../lib/catalogue-store.js';
import { useLiveCatalogue } from '../../../lib/use-catalogue.js';
import { CartButton } from '../../../features/cart/components/cart-button.js';
import { CartSidebar } from '../../../features/cart/components/cart-sidebar.js';
import { readCart } from '../../../features/cart/cart-store.js';
import { useCart } from '../../../features/cart/hooks/use-cart.js';
import {
  NotifyMeForm,
  SupplyNotice,
  availabilityOf,
  cartLineStock,
  lineLimit,
  productStockNote,
  refreshAvailability,
  supplyProblems,
  unsellableLines,
  useLiveAvailability,
} from '../../../features/stock/index.js';
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
  const { cart, priced, itemCount, add, decrement, setQuantity } = useCart();
  const availability = useLiveAvailability();
  const { products } = useLiveCatalogue();
  const [cartOpen, setCartOpen] = useState(false);
  const [isCheckoutRefused, setCheckoutRefused] = useState(false);
  const isChecking = useRef(false);
  const [popup, setPopup] = useState<{ text: string; key: number } | undefined>();
  const popupTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(popupTimer.current), []);

  // A product the server says is not on sale (coming soon) leaves the cart once it has answered.
  useEffect(() => {
    for (const productId of unsellableLines(cart, availability)) setQuantity(productId, 0);
  }, [cart, availability, setQuantity]);

  // The payment page's "Change your cart" (a line the batch can no longer supply) opens the cart at once.
  // After hydration, not in the first render: the prerendered HTML has it closed.
  const wantsCartOpen = (useLocation().state as { openCart?: boolean } | null)?.openCart === true;
  useEffect(() => {
    if (wantsCartOpen) setCartOpen(true);
  }, [wantsCartOpen]);

  const handleAdd = useCallback(
    (product: Product) => {
      if (!add(product.id, lineLimit(availability, product.id))) return;
      window.clearTimeout(popupTimer.current);
      setPopup({ text: `Added ${product.name} to cart!`, key: Date.now() });
      popupTimer.current = window.setTimeout(() => setPopup(undefined), POPUP_DURATION_MS);
    },
    [add, availability],
  );

  const closeCart = useCallback(() => setCartOpen(false), []);

  const checkout = async () => {
    if (priced.lines.length === 0) {
      window.alert(EMPTY_CART_MESSAGE);
      return;
    }
    if (isChecking.current) return;
    isChecking.current = true;
    // Jars may have sold since the page opened: ask again before the shopper fills the form. If the
    // server cannot answer, create-order checks anyway.
    const latest = await refreshAvailability().catch(() => undefined);
    isChecking.current = false;
    const current = readCart();
    if (latest && supplyProblems(current, latest).length > 0) {
      setCheckoutRefused(true);
      return;
    }
    navigate(paths.payment, { state: toCheckoutState(current, priceCart(current, readCatalogue().products)) });
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
        {products.map((product, index) => (
          <ProductCard
            key={product.id}
            product={product}
            availability={availabilityOf(availability, product.id)}
            stockNote={productStockNote(product, cart[String(product.id)] ?? 0, availabilityOf(availability, product.id))}
            onAdd={handleAdd}
            priority={index === 0}
            notifyMe={<NotifyMeForm productId={product.id} productName={product.name} />}
          />
        ))}
      </section>
      <section className="container features" aria-label="Our promise">
        <TextCards items={FEATURES} cardClass="feature" />
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
        stockOf={(id) => cartLineStock(availability, id, cart[String(id)] ?? 0)}
        onClose={closeCart}
        onIncrement={(id) => add(id, lineLimit(availability, id))}
        onDecrement={decrement}
        onSetQuantity={setQuantity}
        onCheckout={() => void checkout()}
        checkoutNotice={isCheckoutRefused ? <SupplyNotice problems={supplyProblems(cart, availability)} /> : null}
      />
    </>
  );
}
