export * from './core.js';
export * from './server.js';
