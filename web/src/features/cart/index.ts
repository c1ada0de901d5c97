export { useCart, type UseCart } from './hooks/use-cart.js';
export { CART_STORAGE_KEY, addToCart, clearCart, decrementInCart, readCart, setCartQuantity } from './cart-store.js';
export { CartSidebar, type CartLineStock } from './components/cart-sidebar.js';
export { CartButton } from './components/cart-button.js';
