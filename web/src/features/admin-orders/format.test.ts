import { describe, expect, it } from 'vitest';
import { formatAddress, formatItems, truncate } from './format.js';

describe('panel formatting', () => {
  it('truncates to 15 characters with "..." and shows "-" when empty', () => {
    expect(truncate('RP250510-ABCDEF')).toBe('RP250510-ABCDEF');
    expect(truncate('RP250510-ABCDEFG')).toBe('RP250510-ABCDEF...');
    expect(truncate('')).toBe('-');
    expect(truncate(undefined)).toBe('-');
  });

  it('formats address and items', () => {
    expect(formatAddress({ flatNumber: '1', street: 'S', area: 'A', city: 'C', state: 'St', pincode: '110001' })).toBe('1, S, A, C, St - 110001');
    expect(formatItems([{ name: 'Royal Chicken Pickle', quantity: 3 }])).toBe('Royal Chicken Pickle (Qty: 3)');
  });
});
