export * from './database.js';
export * from './http.js';
export * from './factories.js';
export * from './servers.js';
export * from './prometheus.js';
export * from './redis.js';
export * from './clock.js';
export * from './quiet.js';
