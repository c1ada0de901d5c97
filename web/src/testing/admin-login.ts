import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import { stubApi } from './api-stub.js';

/** With no token stored, `render` of an admin route must land on the login page without asking the server anything. */
export async function expectLoginWithoutServerCalls(render: () => unknown): Promise<void> {
  const { calls } = stubApi({});
  render();
  expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
  expect(calls).toEqual([]);
}
