export * from './relay.js';
export * from './env.js';
