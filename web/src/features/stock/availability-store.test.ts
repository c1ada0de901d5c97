// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductAvailability } from '@pickles/shared/stock';
import { jsonResponse, stubApi } from '../../testing/api-stub.js';
import { availabilityOf, readAvailability, refreshAvailability, resetAvailability, subscribeAvailability } from './availability-store.js';
import { supplyProblems } from './cart-supply.js';
import { resetCatalogue } from '../../lib/catalogue-store.js';

const answer = (...products: ProductAvailability[]) => jsonResponse(200, { success: true, asOf: '2026-11-23T10:00:00Z', products });
const chicken = (left: number | null, state: ProductAvailability['state'] = 'on-sale'): ProductAvailability => ({ productId: 1, state, left, nextBatchDate: null });

beforeEach(() => {
  resetCatalogue();
  resetAvailability();
});
afterEach(() => vi.unstubAllGlobals());

describe('the availability store', () => {
  it('starts from the catalogue: the chicken on sale without a limit, the kofta coming soon', () => {
    expect(readAvailability().isLive).toBe(false);
    expect(availabilityOf(readAvailability(), 1)).toEqual({ productId: 1, state: 'on-sale', left: null, nextBatchDate: null });
    expect(availabilityOf(readAvailability(), 2).state).toBe('coming-soon');
  });

  it('takes the server answer; a product it leaves out keeps the catalogue flag', async () => {
    stubApi({ 'GET /catalogue/availability': () => answer(chicken(3)) });
    const snapshot = await refreshAvailability();
    expect(snapshot.isLive).toBe(true);
    expect(availabilityOf(snapshot, 1).left).toBe(3);
    expect(availabilityOf(snapshot, 2).state).toBe('coming-soon');
  });

  it('calls made while one is under way share it; a fresh one asks again', async () => {
    const { calls } = stubApi({ 'GET /catalogue/availability': () => answer(chicken(3)) });
    await Promise.all([refreshAvailability(), refreshAvailability()]);
    expect(calls).toHaveLength(1);
    await Promise.all([refreshAvailability(), refreshAvailability({ fresh: true })]);
    expect(calls).toHaveLength(3);
  });

  it('asks again when the window regains focus, while anyone listens', async () => {
    const { calls } = stubApi({ 'GET /catalogue/availability': () => answer(chicken(0, 'sold-out')) });
    const listener = vi.fn();
    const unsubscribe = subscribeAvailability(listener);
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(listener).toHaveBeenCalled());
    expect(availabilityOf(readAvailability(), 1).state).toBe('sold-out');
    unsubscribe();
    window.dispatchEvent(new Event('focus'));
    expect(calls).toHaveLength(1);
  });

  it('a failed answer rejects and leaves what was shown', async () => {
    stubApi({});
    await expect(refreshAvailability()).rejects.toMatchObject({ success: false, status: 404 });
    expect(readAvailability().isLive).toBe(false);
  });
});

describe('supplyProblems', () => {
  it('finds lines over the jars left, sold out or not on sale, in the words of create-order', async () => {
    stubApi({ 'GET /catalogue/availability': () => answer({ ...chicken(2) }, { productId: 2, state: 'coming-soon', left: 0, nextBatchDate: null }) });
    const snapshot = await refreshAvailability();
    expect(supplyProblems({ 1: 2 }, snapshot)).toEqual([]);
    expect(supplyProblems({ 1: 3, 2: 1 }, snapshot).map((problem) => [problem.product.id, problem.limit, problem.message])).toEqual([
      [1, 2, 'Only 2 jars of Royal Chicken Pickle are left. Please reduce the quantity in your cart.'],
      [2, 0, 'Shahi Mutton Kofta Pickle is not on sale yet. Please remove it from your cart.'],
    ]);
  });

  it('says nothing before the server has answered', () => {
    expect(supplyProblems({ 2: 1 }, readAvailability())).toEqual([]);
  });
});
