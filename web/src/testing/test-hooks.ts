import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

/** After each test: unmounts what it rendered and undoes its stubbed fetch, spies, fake timers and stored token. */
export function undoAfterEachTest(): void {
  afterEach(() => {
    cleanup();
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
