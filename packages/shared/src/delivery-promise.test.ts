import { describe, expect, it } from 'vitest';
import { DELIVERY_ZONES, PROCESSING_DAYS, describePromise, promiseDelivery, promiseFromDispatch, promiseFromCourier } from './delivery-promise.js';
import { addIndiaDays, indiaDayOf } from './india-time.js';

describe('the delivery promise', () => {
  it('a Delhi order of 28 Nov: prepared in 7-10 days, then 2-4 by courier, counted from the order day', () => {
    const promise = promiseDelivery('local', new Date('2026-11-28T06:30:00Z'));
    expect(promise).toEqual({ zone: 'local', from: '2026-11-28', earliest: '2026-12-07', latest: '2026-12-12', processingDays: [7, 10], courierDays: [2, 4] });
    expect(describePromise(promise)).toEqual({
      dates: 'between 7 Dec and 12 Dec 2026',
      sentence: 'Expected delivery: between 7 Dec and 12 Dec 2026',
      detail: 'Prepared and packed in 7-10 days, then 2-4 days by courier.',
    });
  });

  it('a Mumbai order of the same day: the courier takes the policy\'s 7-10 days', () => {
    expect(describePromise(promiseDelivery('national', new Date('2026-11-28T06:30:00Z'))).sentence).toBe('Expected delivery: between 12 Dec and 18 Dec 2026');
  });

  it('counts from the day in India, not in UTC: 20:00 UTC on 28 Nov is 29 Nov in India', () => {
    expect(promiseDelivery('local', new Date('2026-11-28T20:00:00Z')).from).toBe('2026-11-29');
    expect(promiseDelivery('local', new Date('2026-11-28T18:29:59Z')).from).toBe('2026-11-28');
    expect(promiseDelivery('local', new Date('2026-11-28T18:30:00Z')).from).toBe('2026-11-29');
  });

  it('names both years when the range crosses into the next one', () => {
    expect(describePromise(promiseDelivery('national', new Date('2026-12-15T06:00:00Z'))).dates).toBe('between 29 Dec 2026 and 4 Jan 2027');
    expect(describePromise(promiseDelivery('national', new Date('2026-12-10T06:00:00Z'))).dates).toBe('between 24 Dec and 30 Dec 2026');
    expect(describePromise(promiseDelivery('national', new Date('2026-12-20T06:00:00Z'))).dates).toBe('between 3 Jan and 9 Jan 2027');
  });

  it('from dispatch: only the courier\'s part, from the dispatch day', () => {
    const promise = promiseFromDispatch('regional', new Date('2026-12-05T04:00:00Z'));
    expect(promise).toEqual({ zone: 'regional', from: '2026-12-05', earliest: '2026-12-09', latest: '2026-12-12', processingDays: null, courierDays: [4, 7] });
    expect(describePromise(promise).detail).toBe('With the courier: 4-7 days from dispatch.');
  });

  it("the courier's expected day replaces the range from dispatch, in India's calendar", () => {
    // 20:00 UTC on 3 Dec is 4 Dec in India.
    const promise = promiseFromCourier('national', new Date('2026-11-30T06:00:00Z'), new Date('2026-12-03T20:00:00Z'));
    expect(promise).toMatchObject({ from: '2026-11-30', earliest: '2026-12-04', latest: '2026-12-04', processingDays: null });
    expect(describePromise(promise)).toEqual({ dates: 'on 4 Dec 2026', sentence: 'Expected delivery: on 4 Dec 2026', detail: "The courier's expected day." });
  });

  it("never promises beyond the policy's 7-10 days of processing and 7-10 of delivery", () => {
    expect(PROCESSING_DAYS).toEqual([7, 10]);
    for (const { days } of DELIVERY_ZONES) expect(days[1]).toBeLessThanOrEqual(10);
    expect(DELIVERY_ZONES.at(-1)).toMatchObject({ withinKm: Infinity, days: [7, 10] });
  });
});

describe('India days', () => {
  it('adds calendar days across months and leap years', () => {
    expect(addIndiaDays('2028-02-27', 2)).toBe('2028-02-29');
    expect(addIndiaDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addIndiaDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(indiaDayOf(new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
  });
});
