/** The owner's phone and WhatsApp orders with their payment links (decision 032): its own chunk, never in the storefront's. */
export { NewPhoneOrder } from './components/new-order.js';
