export * from './env.js';
export * from './logger.js';
export * from './errors.js';
export * from './health.js';
export * from './redis.js';
export * from './shutdown.js';
export * from './app.js';
export * from './listen.js';
