export * from './envelope.js';
export * from './payment-verified.js';
export * from './payment-needs-attention.js';

/** Queues are named after their consumer (one queue per consumer). */
export const QUEUES = { notifications: 'notifications' } as const;
