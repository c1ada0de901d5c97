import { forwardRef } from 'react';

interface CartButtonProps {
  itemCount: number;
  expanded: boolean;
  onClick: () => void;
}

/** Floating button with the item-count badge; opens the cart sidebar. */
export const CartButton = forwardRef<HTMLButtonElement, CartButtonProps>(function CartButton({ itemCount, expanded, onClick }, ref) {
  const label = itemCount === 1 ? 'Open cart, 1 item' : `Open cart, ${itemCount} items`;
  return (
    <button
      ref={ref}
      type="button"
      className="cart-fab"
      aria-label={label}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      aria-controls="cart-sidebar"
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H20a1 1 0 0 1 1 1.2l-1.4 7A2 2 0 0 1 17.6 16H8.1a2 2 0 0 1-2-1.6L4.2 4H2V2h3.8a1 1 0 0 1 1 .8L7 4Z"
        />
      </svg>
      {itemCount > 0 && (
        <span className="cart-badge" data-testid="cart-badge" aria-hidden="true">
          {itemCount}
        </span>
      )}
    </button>
  );
});
