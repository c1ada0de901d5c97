import { describe, expect, it } from 'vitest';
import { formatCourierTime, indiaDay, parseCourierTime } from './courier-time.js';

describe('the courier\'s India-time text', () => {
  const at = new Date('2026-11-28T18:35:07Z'); // 29 Nov 2026, 00:05:07 in India

  it('is written in each layout as India wall-clock time', () => {
    expect(formatCourierTime(at, 'webhook')).toBe('29 11 2026 00:05:07');
    expect(formatCourierTime(at, 'scan')).toBe('2026-11-29 00:05:07');
    expect(formatCourierTime(at, 'order')).toBe('2026-11-29 00:05');
    expect(formatCourierTime(at, 'day')).toBe('2026-11-29');
    expect(formatCourierTime(at, 'etd')).toBe('Nov 29, 2026');
    expect(indiaDay(at)).toBe('2026-11-29');
  });

  it('is read back as the same instant, whatever the layout', () => {
    expect(parseCourierTime('29 11 2026 00:05:07')?.toISOString()).toBe(at.toISOString());
    expect(parseCourierTime('2026-11-29 00:05:07')?.toISOString()).toBe(at.toISOString());
    expect(parseCourierTime(' 2026-11-29 00:05 ')?.toISOString()).toBe('2026-11-28T18:35:00.000Z');
    expect(parseCourierTime('2026-11-29')?.toISOString()).toBe('2026-11-28T18:30:00.000Z');
    expect(parseCourierTime('Dec 5, 2026')?.toISOString()).toBe('2026-12-04T18:30:00.000Z');
  });

  it.each(['', '0000-00-00 00:00:00', '31 02 2026 10:00:00', '2026-13-01', '2026-11-29 24:00:00', '29/11/2026', '2026-11-29T00:05:07Z', 'Dec 32, 2026', null, 1_700_000_000])(
    'refuses %j',
    (text) => {
      expect(parseCourierTime(text)).toBeUndefined();
    },
  );
});
