import { describe, expect, it } from 'vitest';
import type { BatchUpdateResponse } from '@pickles/shared';
import { MESSAGES, REFUSED_IN_ALERT, batchResultMessage, groupRefusals, statusFailureMessage, unlistedRefusals } from './messages.js';

const answer = (patch: Partial<BatchUpdateResponse>): BatchUpdateResponse => ({
  success: true,
  status: 'delivered',
  updatedCount: 0,
  unchangedCount: 0,
  refusedCount: 0,
  refused: [],
  ...patch,
});

describe('batch result alert', () => {
  it('is exactly the spec text when every order moved', () => {
    expect(batchResultMessage(answer({ updatedCount: 3 }), 'delivered')).toBe('Successfully updated 3 orders to delivered');
    expect(MESSAGES.batchDone(3, 'delivered')).toBe('Successfully updated 3 orders to delivered');
  });

  it('keeps the spec text first, then counts the orders that already had the status and names each refused one with its reason', () => {
    const message = batchResultMessage(
      answer({
        updatedCount: 2,
        unchangedCount: 1,
        refusedCount: 2,
        refused: [
          { _id: 'a', orderId: 'RP1', reason: "Cannot set delivered: this order's payment failed" },
          { _id: 'b', orderId: 'RP2', reason: 'Cannot change the status of an order whose payment is pending' },
        ],
      }),
      'delivered',
    );
    expect(message.split('\n')).toEqual([
      'Successfully updated 2 orders to delivered',
      '1 already delivered',
      '2 not changed:',
      "RP1: Cannot set delivered: this order's payment failed",
      'RP2: Cannot change the status of an order whose payment is pending',
    ]);
  });

  it('names the first five refused orders and counts the rest, which the result panel lists', () => {
    const refused = Array.from({ length: 7 }, (_, i) => ({ _id: `id${i}`, orderId: `RP${i}`, reason: 'Payment pending' }));
    const lines = batchResultMessage(answer({ refusedCount: 7, refused }), 'paid').split('\n');
    expect(lines).toHaveLength(1 + 1 + REFUSED_IN_ALERT + 1);
    expect(lines.at(-2)).toBe('RP4: Payment pending');
    expect(lines.at(-1)).toBe('and 2 more, listed under Batch Update');
  });

  it('still counts refusals when the server sent no reasons', () => {
    expect(batchResultMessage(answer({ updatedCount: 0, refusedCount: 150 }), 'paid')).toBe('Successfully updated 0 orders to paid\n150 not changed');
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
