export * from './envelope.js';
export * from './payment-verified.js';
export * from './payment-needs-attention.js';
export * from './queues.js';
export * from './order-update.js';
export * from './complaint-update.js';
export * from './batch-subscriptions.js';
