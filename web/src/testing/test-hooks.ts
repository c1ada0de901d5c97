import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetAvailability } from '../features/stock/availability-store.js';
import { resetCatalogue } from '../lib/catalogue-store.js';

/**
 * After each test: unmounts what it rendered, undoes its stubbed fetch, spies, fake timers and stored
 * token, and puts the page's stores (catalogue, availability) back as a fresh page load has them: the
 * unit tests share one module graph per worker (vitest.config.ts), so a store one test filled would
 * otherwise still be filled in the next file.
 */
export function undoAfterEachTest(): void {
  afterEach(() => {
    cleanup();
    resetCatalogue();
    resetAvailability();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
}

/** Before each test: silences the API client's log of failed calls, which these tests make on purpose. */
export function quietFailedCallLog(): void {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
}

/** An admin screen's tests: each starts with the owner's token stored and failed calls unlogged, and is undone after. */
export function asSignedInOwner(token = 'header.payload.signature'): void {
  beforeEach(() => window.localStorage.setItem('adminToken', token));
  quietFailedCallLog();
  undoAfterEachTest();
}
