/** The storefront's side of batch stock; the owner's page is in ./admin.ts (its own chunk). */
export { availabilityOf, readAvailability, refreshAvailability, type AvailabilitySnapshot } from './availability-store.js';
export { useAvailability, useLiveAvailability } from './hooks/use-availability.js';
export { cartLineStock, lineLimit, productStockNote, supplyProblems, unsellableLines, type SupplyProblem } from './cart-supply.js';
export { SupplyNotice } from './components/supply-notice.js';
export { NotifyMeForm } from './components/notify-me-form.js';
