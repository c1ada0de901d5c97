/** The owner's discount codes (decision 028): its own chunk, never in the storefront's. */
export { AdminDiscountCodes } from './components/admin-discount-codes.js';
