import { describe, expect, it } from 'vitest';
import { renderOwnerAttention } from '../src/emails/owner-attention.js';

const item = {
  id: '0b8f0d7e-0000-4000-8000-000000000001',
  kind: 'amount-mismatch',
  order_id: '0b8f0d7e-0000-4000-8000-000000000002',
  order_number: 'RP20261123-9C1D',
  razorpay_order_id: 'order_R1a2b3c4d5e6f8',
  razorpay_payment_id: 'pay_R9z8y7x6w5v4u4',
  amount_paise: 114_900,
  expected_amount_paise: 115_000,
  detail: null,
  created_at: new Date('2026-11-23T06:00:00Z'),
  resolved_at: null,
  resolved_by: null,
};

describe('the owner attention e-mail', () => {
  it('says what happened, both amounts and the Razorpay ids, in text and HTML', () => {
    const email = renderOwnerAttention(item, 'https://www.royalpickles.in');
    expect(email.subject).toBe('Payment needs attention: ₹1,149 on RP20261123-9C1D');
    expect(email.text).toContain('Payment captured for a different amount than the order');
    expect(email.text).toContain('Amount: ₹1,149');
    expect(email.text).toContain('Order amount: ₹1,150');
    expect(email.text).toContain('Razorpay payment: pay_R9z8y7x6w5v4u4');
    expect(email.html).toContain('<td>₹1,150</td>');
    expect(email.text).toContain('Admin panel: https://www.royalpickles.in/admin?search=RP20261123-9C1D');
    expect(email.html).toContain('<a href="https://www.royalpickles.in/admin?search=RP20261123-9C1D"');
  });

  it('names an unknown order plainly and escapes what Razorpay sent', () => {
    const email = renderOwnerAttention({ ...item, kind: 'capture-for-unknown-order', order_id: null, order_number: null, expected_amount_paise: null, razorpay_payment_id: 'pay_<b>x</b>' }, 'https://www.royalpickles.in');
    expect(email.subject).toBe('Payment needs attention: ₹1,149 on an unknown order');
    expect(email.text).not.toContain('Order amount');
    expect(email.html).toContain('pay_&lt;b&gt;x&lt;/b&gt;');
    expect(email.html).not.toContain('<b>x</b>');
    // No order to search for: the panel, which lists every payment needing attention.
    expect(email.text).toMatch(/Admin panel: https:\/\/www\.royalpickles\.in\/admin$/);
    expect(email.html).toContain('<a href="https://www.royalpickles.in/admin"');
  });
});
