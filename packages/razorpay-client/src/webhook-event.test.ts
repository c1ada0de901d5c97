import { describe, expect, it } from 'vitest';
import { isPaymentLinkEvent, parseWebhookEvent, RazorpayError } from './index.js';

const payment = { id: 'pay_29QQoUBi66xm2f', entity: 'payment', order_id: 'order_EKwxwAgItmmXdp', amount: 50000, currency: 'INR', status: 'captured', captured: true, notes: [], error_code: null, error_description: null, created_at: 1 };
const order = { id: 'order_EKwxwAgItmmXdp', entity: 'order', amount: 50000, amount_paid: 50000, amount_due: 0, currency: 'INR', receipt: 'R1', status: 'paid', attempts: 1, notes: [], created_at: 1 };

const link = {
  id: 'plink_ExjpAUN3gVHrPJ', amount: 50000, amount_paid: 50000, currency: 'INR', accept_partial: false, description: 'Order RP-1042', reference_id: 'RP-1042',
  customer: { name: 'Asha Rao' }, callback_url: '', callback_method: '', expire_by: 2, expired_at: 0, cancelled_at: 0, created_at: 1, updated_at: 1,
  status: 'paid', short_url: 'https://rzp.io/i/nxrHnLJ', order_id: 'order_EKwxwAgItmmXdp', notes: [],
  payments: [{ amount: 50000, created_at: 1, method: 'card', payment_id: 'pay_29QQoUBi66xm2f', plink_id: 'plink_ExjpAUN3gVHrPJ', status: 'captured', updated_at: 1 }],
};
const envelope = (event: string, payload: Record<string, unknown>) =>
  JSON.stringify({ entity: 'event', account_id: 'acc_BFQ7uQEaa7j2z7', event, contains: Object.keys(payload), payload, created_at: 1567674606 });

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

describe('parseWebhookEvent: payment_link.* events', () => {
  it('payment_link.paid carries the link, its order and the payment, notes normalised', () => {
    const event = parseWebhookEvent(envelope('payment_link.paid', { payment_link: { entity: link }, order: { entity: order }, payment: { entity: payment } }));
    expect(isPaymentLinkEvent(event)).toBe(true);
    if (!isPaymentLinkEvent(event) || event.event !== 'payment_link.paid') throw new Error('not a paid link event');
    expect(event.payload.payment_link.entity).toMatchObject({ id: link.id, status: 'paid', reference_id: 'RP-1042', notes: {}, order_id: order.id });
    expect(event.payload.order.entity.id).toBe(order.id);
    expect(event.payload.payment.entity.id).toBe(payment.id);
  });

  it.each(['payment_link.expired', 'payment_link.cancelled'])('%s carries the link alone; payments null becomes [] and a missing order_id null', (name) => {
    const open = { ...link, status: name === 'payment_link.expired' ? 'expired' : 'cancelled', amount_paid: 0, payments: null, order_id: undefined };
    const event = parseWebhookEvent(envelope(name, { payment_link: { entity: open } }));
    expect(isPaymentLinkEvent(event)).toBe(true);
    expect(event.payload.payment_link?.entity).toMatchObject({ payments: [], order_id: null });
  });

  it('order.paid is not a payment link event', () => {
    expect(isPaymentLinkEvent(parseWebhookEvent(envelope('order.paid', { payment: { entity: payment }, order: { entity: order } })))).toBe(false);
  });

  it.each([
    ['a link event without the link', envelope('payment_link.expired', {})],
    ['a paid link without its payment', envelope('payment_link.paid', { payment_link: { entity: link }, order: { entity: order } })],
    ['a paid link without its order', envelope('payment_link.partially_paid', { payment_link: { entity: link }, payment: { entity: payment } })],
    ['an unknown link event', envelope('payment_link.renamed', { payment_link: { entity: link } })],
    ['a malformed link entity', envelope('payment_link.cancelled', { payment_link: { entity: { status: 'cancelled' } } })],
  ])('throws invalid_request for %s', (_name, body) => {
    expect(() => parseWebhookEvent(body)).toThrow(RazorpayError);
  });
});
