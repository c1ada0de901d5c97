import { describe, expect, it } from 'vitest';
import { ndrReasonCode } from './ndr-reasons.js';
import { SHIPROCKET_STATUSES, shipmentStatusOf } from './statuses.js';

describe('shipmentStatusOf', () => {
  it('reads the code first, as a number or as text, then the label', () => {
    expect(shipmentStatusOf(7)).toBe('delivered');
    expect(shipmentStatusOf('21')).toBe('undelivered');
    expect(shipmentStatusOf(38, 'REACHED AT DESTINATION HUB')).toBe('in-transit');
    expect(shipmentStatusOf(undefined, ' out  for delivery ')).toBe('out-for-delivery');
    expect(shipmentStatusOf('NA', 'CANCELLED')).toBe('cancelled');
    expect(shipmentStatusOf(999, 'SOMETHING NEW')).toBe('other');
    expect(shipmentStatusOf(undefined, undefined)).toBe('other');
  });

  it('every label of the table maps back to its own status', () => {
    for (const [code, { label, status }] of Object.entries(SHIPROCKET_STATUSES)) expect(shipmentStatusOf(undefined, label), `${code} ${label}`).toBe(status);
  });
});

describe('ndrReasonCode', () => {
  it.each([
    ['Customer Not Available', 'customer-unavailable'],
    ['Consignee not available / door locked', 'customer-unavailable'],
    ['Customer Phone Switched Off', 'phone-unreachable'],
    ['Consignee unreachable - no response on call', 'phone-unreachable'],
    ['Incomplete Address', 'address-problem'],
    ['ODA location', 'address-problem'],
    ['Customer Refused To Accept', 'refused'],
    ['Customer wants to cancel the order', 'refused'],
    ['Delivered today? No: heavy rain', 'other'],
    [undefined, 'other'],
  ])('%j is %s', (reason, code) => {
    expect(ndrReasonCode(reason)).toBe(code);
  });
});
