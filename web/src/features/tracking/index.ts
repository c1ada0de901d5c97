export { OrderTracking, type OrderTrackingProps } from './components/order-tracking.js';
