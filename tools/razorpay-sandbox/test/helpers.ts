export * from '../src/testing.js';
