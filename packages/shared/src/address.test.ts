import { describe, expect, it } from 'vitest';
import { addressLines, addressOneLine } from './address.js';

const address = { flatNumber: 'Flat 4C', street: 'MG Road', area: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' };

describe('the delivery address written out', () => {
  it('on one line, as e-mails, exports and the admin table show it', () => {
    expect(addressOneLine(address)).toBe('Flat 4C, MG Road, Indiranagar, Bengaluru, Karnataka - 560038');
    expect(addressOneLine({ flatNumber: '1', street: 'S', area: 'A', city: 'C', state: 'St', pincode: '110001' })).toBe('1, S, A, C, St - 110001');
  });

  it('as a label prints it, one line per part, an empty area left out', () => {
    expect(addressLines(address)).toEqual(['Flat 4C, MG Road', 'Indiranagar', 'Bengaluru, Karnataka']);
    expect(addressLines({ ...address, area: ' ' })).toEqual(['Flat 4C, MG Road', 'Bengaluru, Karnataka']);
  });
});
