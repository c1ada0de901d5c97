export * from './money.js';
export * from './catalogue.js';
export * from './pricing.js';
export * from './order-status.js';
export * from './order-lifecycle.js';
export * from './validation.js';
export * from './api.js';
export * from './events/index.js';
