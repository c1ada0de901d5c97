import { describe, expect, it } from 'vitest';
import { formatDateTime, formatItems, truncate } from './format.js';

describe('panel formatting', () => {
  it('truncates to 15 characters with "..." and shows "-" when empty', () => {
    expect(truncate('RP250510-ABCDEF')).toBe('RP250510-ABCDEF');
    expect(truncate('RP250510-ABCDEFG')).toBe('RP250510-ABCDEF...');
    expect(truncate('')).toBe('-');
    expect(truncate(undefined)).toBe('-');
  });

  it('formats items', () => {
    expect(formatItems([{ name: 'Royal Chicken Pickle', quantity: 3 }])).toBe('Royal Chicken Pickle (Qty: 3)');
  });

  it('shows times in India time, as toLocaleString did', () => {
    for (const iso of ['2026-11-22T05:06:07.000Z', '2026-01-01T18:30:00.000Z', '2026-06-15T23:59:59.999Z']) {
      expect(formatDateTime(iso)).toBe(new Date(iso).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' }));
    }
    expect(formatDateTime('2026-11-22T05:06:07.000Z')).toBe('22/11/2026, 10:36:07 am');
    expect(formatDateTime(undefined)).toBe('-');
  });
});
