/** The owner's side of batch stock: its own chunk, never in the storefront's. */
export { AdminStock } from './components/admin-stock.js';
