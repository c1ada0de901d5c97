import { describe, expect, it } from 'vitest';
import type { BatchUpdateResponse } from '@pickles/shared';
import { MESSAGES, groupRefusals, statusFailureMessage, unlistedRefusals } from './messages.js';

const answer = (patch: Partial<BatchUpdateResponse>): BatchUpdateResponse => ({
  success: true,
  status: 'delivered',
  updatedCount: 0,
  unchangedCount: 0,
  refusedCount: 0,
  refused: [],
  ...patch,
});

describe('the batch sentence', () => {
  it('is exactly the spec text', () => {
    expect(MESSAGES.batchDone(3, 'delivered')).toBe('Successfully updated 3 orders to delivered');
  });
});

describe('refusals by reason', () => {
  it('groups the refused orders under each reason, in the order the server sent them', () => {
    const groups = groupRefusals([
      { _id: 'a', orderId: 'RP1', reason: 'pending' },
      { _id: 'b', orderId: 'RP2', reason: 'failed' },
      { _id: 'c', orderId: 'RP3', reason: 'pending' },
    ]);
    expect(groups).toEqual([
      { reason: 'pending', orderIds: ['RP1', 'RP3'] },
      { reason: 'failed', orderIds: ['RP2'] },
    ]);
    expect(unlistedRefusals(answer({ refusedCount: 5, refused: [{ _id: 'a', orderId: 'RP1', reason: 'pending' }] }))).toBe(4);
  });
});

describe('single status failure alert', () => {
  it("adds the server's reason under the spec text when the server refused the move", () => {
    expect(statusFailureMessage({ success: false, error: "Cannot set delivered: this order's payment failed", status: 409 })).toBe(
      "Failed to update status\nCannot set delivered: this order's payment failed",
    );
  });

  it('is only the spec text for server faults and network failures', () => {
    expect(statusFailureMessage({ success: false, error: 'Internal error', status: 500 })).toBe('Failed to update status');
    expect(statusFailureMessage({ success: false, error: 'Request timed out' })).toBe('Failed to update status');
    expect(statusFailureMessage(new Error('boom'))).toBe('Failed to update status');
  });
});
