import { describe, expect, it } from 'vitest';
import type { BatchUpdateResponse } from '@pickles/shared';
import { MESSAGES, batchResultMessage, statusFailureMessage } from './messages.js';

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
  it('is exactly the spec text when every order moved or already had the status', () => {
    expect(batchResultMessage(answer({ updatedCount: 3, unchangedCount: 1 }), 'delivered')).toBe('Successfully updated 3 orders to delivered');
    expect(MESSAGES.batchDone(3, 'delivered')).toBe('Successfully updated 3 orders to delivered');
  });

  it('adds the refused orders and the first reason on a second line, keeping the first line exact', () => {
    const message = batchResultMessage(
      answer({
        updatedCount: 2,
        refusedCount: 2,
        refused: [
          { _id: 'a', orderId: 'RP1', reason: "Cannot set delivered: this order's payment failed" },
          { _id: 'b', orderId: 'RP2', reason: 'Cannot change the status of an order whose payment is pending' },
        ],
      }),
      'delivered',
    );
    expect(message.split('\n')).toEqual(['Successfully updated 2 orders to delivered', "2 orders were left as they are: Cannot set delivered: this order's payment failed"]);
  });

  it('still counts refusals when the server sent no reasons', () => {
    expect(batchResultMessage(answer({ updatedCount: 0, refusedCount: 150 }), 'paid')).toBe('Successfully updated 0 orders to paid\n150 orders were left as they are');
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
