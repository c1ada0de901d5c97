import { describe, expect, it } from 'vitest';
import { linkReference } from './payment-links.js';

describe('linkReference', () => {
  it("is the order number for the order's first link, then -2, -3 ... (Razorpay's references are unique per account)", () => {
    expect(linkReference('RP26112900042', 0)).toBe('RP26112900042');
    expect(linkReference('RP26112900042', 1)).toBe('RP26112900042-2');
    expect(linkReference('RP26112900042', 2)).toBe('RP26112900042-3');
  });
});
