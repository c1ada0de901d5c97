import { describe, expect, it } from 'vitest';
import { parseWebhookEvent, RazorpayError } from './index.js';

const payment = { id: 'pay_29QQoUBi66xm2f', entity: 'payment', order_id: 'order_EKwxwAgItmmXdp', amount: 50000, currency: 'INR', status: 'captured', captured: true, notes: [], error_code: null, error_description: null, created_at: 1 };
const order = { id: 'order_EKwxwAgItmmXdp', entity: 'order', amount: 50000, amount_paid: 50000, amount_due: 0, currency: 'INR', receipt: 'R1', status: 'paid', attempts: 1, notes: [], created_at: 1 };

describe('parseWebhookEvent', () => {
  it('parses an order.paid event and normalises notes [] to {}', () => {
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_BFQ7uQEaa7j2z7', event: 'order.paid', contains: ['payment', 'order'], payload: { payment: { entity: payment }, order: { entity: order } }, created_at: 1567674606 });
    const event = parseWebhookEvent(Buffer.from(body));
    expect(event.event).toBe('order.paid');
    expect(event.payload.payment?.entity.notes).toEqual({});
    expect(event.payload.order?.entity.notes).toEqual({});
    expect(event.payload.order?.entity.status).toBe('paid');
  });

  it.each([
    ['not JSON', '{nope'],
    ['an array', '[]'],
    ['not an event', JSON.stringify({ entity: 'order' })],
    ['no payload', JSON.stringify({ entity: 'event', event: 'x', contains: [], created_at: 1 })],
    ['a malformed entity', JSON.stringify({ entity: 'event', event: 'x', contains: [], payload: { payment: { entity: 5 } }, created_at: 1 })],
  ])('throws invalid_request for %s', (_name, body) => {
    try {
      parseWebhookEvent(body);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RazorpayError);
      expect((error as RazorpayError).kind).toBe('invalid_request');
    }
  });
});
