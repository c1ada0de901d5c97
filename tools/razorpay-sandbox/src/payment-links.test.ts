import { createLogger } from '@pickles/service-kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SandboxState } from './core.js';
import { parsePaymentLinkCreate, parsePaymentLinkEdit } from './payment-link-input.js';

/** Expiry by the timer and on read, with a faked clock (a link lives at least 15 minutes). */

const START = new Date('2026-11-28T10:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let state: SandboxState;

beforeEach(() => {
  vi.useFakeTimers({ now: START, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  state = new SandboxState(
    { keyId: 'rzp_test_unit', keySecret: 'unit_key_secret', webhookSecret: 'unit_webhook_secret', webhookUrl: undefined, publicUrl: undefined, accountId: 'acc_Unit', businessName: 'Royal Pickles' },
    { webhookDelayMs: 0 },
    createLogger('razorpay-sandbox', 'silent'),
  );
});
afterEach(() => {
  state.close();
  vi.useRealTimers();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);
const makeLink = (body: Record<string, unknown>) => state.paymentLinks.create(parsePaymentLinkCreate({ amount: 10_000, ...body }, nowSeconds()), 'http://sandbox.test');
const expiredEvents = () => state.webhooks.events.filter((e) => e.event === 'payment_link.expired');

describe('payment link expiry', () => {
  it('the timer expires a link at its expire_by and sends payment_link.expired once', () => {
    const link = makeLink({ reference_id: 'RP-1', expire_by: nowSeconds() + 20 * 60 });
    vi.advanceTimersByTime(19 * MINUTE);
    expect(link.status).toBe('created');
    expect(expiredEvents()).toHaveLength(0);
    vi.advanceTimersByTime(MINUTE + 1_000);
    expect(link).toMatchObject({ status: 'expired', expired_at: link.expire_by });
    expect(expiredEvents()).toHaveLength(1);
    expect(JSON.parse(expiredEvents()[0]!.body)).toMatchObject({ event: 'payment_link.expired', payload: { payment_link: { entity: { id: link.id, status: 'expired' } } } });
    vi.advanceTimersByTime(DAY);
    expect(expiredEvents()).toHaveLength(1);
  });

  it('a read after expire_by finds the link expired before the timer has run, and the timer then does nothing', () => {
    const link = makeLink({ reference_id: 'RP-2', expire_by: nowSeconds() + 20 * 60 });
    vi.setSystemTime(START.getTime() + 21 * MINUTE);
    expect(state.paymentLinks.get(link.id)).toMatchObject({ status: 'expired', expired_at: link.expire_by });
    expect(expiredEvents()).toHaveLength(1);
    vi.advanceTimersByTime(DAY);
    expect(expiredEvents()).toHaveLength(1);
    expect(() => state.paymentLinks.orderFor(link)).toThrow('This payment link has expired');
  });

  it('a six-month link outlives the longest timer Node allows and still expires on its day', () => {
    const link = makeLink({ reference_id: 'RP-3' });
    expect(link.expire_by).toBe(Math.floor(Date.UTC(2027, 4, 28, 10) / 1000));
    vi.advanceTimersByTime(30 * DAY);
    expect(link.status).toBe('created');
    vi.advanceTimersByTime(link.expire_by * 1000 - Date.now() - MINUTE);
    expect(link.status).toBe('created');
    vi.advanceTimersByTime(2 * MINUTE);
    expect(link.status).toBe('expired');
    expect(expiredEvents()).toHaveLength(1);
  });

  it('an edit that moves expire_by follows the new time, not the old one', () => {
    const link = makeLink({ reference_id: 'RP-4', expire_by: nowSeconds() + 60 * 60 });
    state.paymentLinks.edit(link.id, parsePaymentLinkEdit({ expire_by: nowSeconds() + 3 * 60 * 60 }, nowSeconds()));
    vi.advanceTimersByTime(2 * 60 * MINUTE);
    expect(link.status).toBe('created');
    state.paymentLinks.edit(link.id, parsePaymentLinkEdit({ expire_by: nowSeconds() + 20 * 60 }, nowSeconds()));
    vi.advanceTimersByTime(21 * MINUTE);
    expect(link.status).toBe('expired');
    vi.advanceTimersByTime(DAY);
    expect(expiredEvents()).toHaveLength(1);
  });

  it('a paid or cancelled link never expires', () => {
    const paid = makeLink({ reference_id: 'RP-5', expire_by: nowSeconds() + 20 * 60 });
    state.attemptPayment({ orderId: state.paymentLinks.orderFor(paid), instrument: { method: 'card', cardNumber: '4100280000001007' } });
    const cancelled = makeLink({ reference_id: 'RP-6', expire_by: nowSeconds() + 20 * 60 });
    state.paymentLinks.cancel(cancelled.id);
    vi.advanceTimersByTime(DAY);
    expect([paid.status, cancelled.status]).toEqual(['paid', 'cancelled']);
    expect(expiredEvents()).toHaveLength(0);
  });
});
