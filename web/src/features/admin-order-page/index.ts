export { OrderPage } from './components/order-page.js';
export { PackingSlip } from './components/packing-slip.js';
export { BatchDispatchButton } from './components/batch-dispatch-button.js';
