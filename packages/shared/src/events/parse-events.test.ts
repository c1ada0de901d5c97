import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMPLAINT_UPDATED, parseComplaintUpdated } from './complaint-updated.js';
import { ORDER_CHANGED, parseOrderChanged } from './order-changed.js';
import { parsePaymentAttentionRaised, PAYMENT_ATTENTION_RAISED } from './payment-attention-raised.js';
import { BATCH_OPENED, BATCH_SUBSCRIPTION_REQUESTED, parseBatchOpened } from './batch-subscriptions.js';
import { currentEventType } from './envelope.js';
import { UnsupportedEventError } from './payment-verified.js';

describe("each event's parser", () => {
  const complaint = { complaintId: randomUUID(), kind: 'received' };

  it('gives back the data of its own type and version', () => {
    expect(parseComplaintUpdated({ type: COMPLAINT_UPDATED, version: 1, data: complaint })).toEqual(complaint);
    const update = { orderId: randomUUID(), kind: 'dispatched', dedupeKey: 'k1' };
    expect(parseOrderChanged({ type: ORDER_CHANGED, version: 1, data: update })).toEqual(update);
  });

  it('refuses another type, another version or data its contract does not hold, saying which', () => {
    expect(() => parseComplaintUpdated({ type: ORDER_CHANGED, version: 1, data: complaint })).toThrow(new UnsupportedEventError(`Unexpected event type ${ORDER_CHANGED}`));
    expect(() => parseComplaintUpdated({ type: COMPLAINT_UPDATED, version: 2, data: complaint })).toThrow(new UnsupportedEventError(`Unsupported ${COMPLAINT_UPDATED} version 2`));
    expect(() => parsePaymentAttentionRaised({ type: PAYMENT_ATTENTION_RAISED, version: 1, data: { attentionId: 'not-a-uuid' } })).toThrow(UnsupportedEventError);
    expect(() => parsePaymentAttentionRaised({ type: PAYMENT_ATTENTION_RAISED, version: 1, data: { attentionId: 'not-a-uuid' } })).toThrow(/^Invalid payment\.attention-raised data: /);
    expect(() => parseBatchOpened({ type: BATCH_OPENED, version: 1, data: {} })).toThrow(UnsupportedEventError);
  });

  it('takes an event written under its former name as the event it now is, and no other', () => {
    const update = { orderId: randomUUID(), kind: 'dispatched', dedupeKey: 'k1' };
    expect(parseOrderChanged({ type: 'order.shopper-update', version: 1, data: update })).toEqual(update);
    expect(parseComplaintUpdated({ type: 'complaint.update', version: 1, data: complaint })).toEqual(complaint);
    expect(() => parseComplaintUpdated({ type: 'order.shopper-update', version: 1, data: complaint })).toThrow(new UnsupportedEventError('Unexpected event type order.shopper-update'));
    expect(currentEventType('payment.needs-attention')).toBe(PAYMENT_ATTENTION_RAISED);
    expect(currentEventType('batch-subscription.confirm')).toBe(BATCH_SUBSCRIPTION_REQUESTED);
    expect(currentEventType(BATCH_OPENED)).toBe(BATCH_OPENED);
  });
});
