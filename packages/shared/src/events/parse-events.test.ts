import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMPLAINT_UPDATE, parseComplaintUpdate } from './complaint-update.js';
import { ORDER_SHOPPER_UPDATE, parseOrderShopperUpdate } from './order-update.js';
import { parsePaymentNeedsAttention, PAYMENT_NEEDS_ATTENTION } from './payment-needs-attention.js';
import { BATCH_OPENED, parseBatchOpened } from './batch-subscriptions.js';
import { UnsupportedEventError } from './payment-verified.js';

describe("each event's parser", () => {
  const complaint = { complaintId: randomUUID(), kind: 'received' };

  it('gives back the data of its own type and version', () => {
    expect(parseComplaintUpdate({ type: COMPLAINT_UPDATE, version: 1, data: complaint })).toEqual(complaint);
    const update = { orderId: randomUUID(), kind: 'dispatched', dedupeKey: 'k1' };
    expect(parseOrderShopperUpdate({ type: ORDER_SHOPPER_UPDATE, version: 1, data: update })).toEqual(update);
  });

  it('refuses another type, another version or data its contract does not hold, saying which', () => {
    expect(() => parseComplaintUpdate({ type: ORDER_SHOPPER_UPDATE, version: 1, data: complaint })).toThrow(new UnsupportedEventError(`Unexpected event type ${ORDER_SHOPPER_UPDATE}`));
    expect(() => parseComplaintUpdate({ type: COMPLAINT_UPDATE, version: 2, data: complaint })).toThrow(new UnsupportedEventError(`Unsupported ${COMPLAINT_UPDATE} version 2`));
    expect(() => parsePaymentNeedsAttention({ type: PAYMENT_NEEDS_ATTENTION, version: 1, data: { attentionId: 'not-a-uuid' } })).toThrow(UnsupportedEventError);
    expect(() => parsePaymentNeedsAttention({ type: PAYMENT_NEEDS_ATTENTION, version: 1, data: { attentionId: 'not-a-uuid' } })).toThrow(/^Invalid payment\.needs-attention data: /);
    expect(() => parseBatchOpened({ type: BATCH_OPENED, version: 1, data: {} })).toThrow(UnsupportedEventError);
  });
});
