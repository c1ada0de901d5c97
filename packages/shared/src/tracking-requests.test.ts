import { describe, expect, it } from 'vitest';
import { parseTrackingContact, trackLinkQuerySchema, trackOrderRequestSchema } from './tracking-requests.js';

describe('tracking lookups', () => {
  it('reads the contact as the checkout form would: any case e-mail, a phone with +91, spaces or a leading 0', () => {
    expect(parseTrackingContact(' Meera.Iyer@Example.IN ')).toEqual({ kind: 'email', email: 'meera.iyer@example.in' });
    for (const typed of ['9876543210', '+91 98765 43210', '098765-43210', '(+91) 98765 43210']) {
      expect(parseTrackingContact(typed)).toEqual({ kind: 'phone', phone: '9876543210' });
    }
    for (const bad of ['', '12345', '98765432101', '5876543210', 'meera@', 'RP2611-22', '9876 543 210 9']) {
      expect(parseTrackingContact(bad)).toBeUndefined();
    }
  });

  it('a lookup needs an order number and a contact; the order number is read in capitals', () => {
    expect(trackOrderRequestSchema.parse({ orderNumber: ' rp261122-7kq2xd ', contact: '9876543210' })).toEqual({ orderNumber: 'RP261122-7KQ2XD', contact: '9876543210' });
    const result = trackOrderRequestSchema.safeParse({ orderNumber: '', contact: 'someone' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Enter the order number from your confirmation e-mail',
      'Enter the 10-digit phone number or the e-mail address you used at checkout',
    ]);
  });

  it('a signed link needs an order number and a token of the right shape', () => {
    expect(trackLinkQuerySchema.safeParse({ order: 'RP261122-7KQ2XD', t: 'abcDEF0123456789_-xyz' }).success).toBe(true);
    expect(trackLinkQuerySchema.safeParse({ order: ['RP1', 'RP2'], t: 'abcDEF0123456789_-xyz' }).success).toBe(false);
    expect(trackLinkQuerySchema.safeParse({ order: 'RP261122-7KQ2XD', t: 'short' }).success).toBe(false);
  });
});
