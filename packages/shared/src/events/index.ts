export * from './envelope.js';
export * from './payment-verified.js';
export * from './payment-attention-raised.js';
export * from './queues.js';
export * from './order-changed.js';
export * from './complaint-updated.js';
export * from './batch-subscriptions.js';
