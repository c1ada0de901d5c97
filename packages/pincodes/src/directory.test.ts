import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIRECTORY_PATH, generateDirectory, placeOfOffice, titleCase } from '../scripts/build-directory.js';
import { deliveryEstimate, deliveryZone, lookupPincode } from './index.js';

describe('the committed directory', () => {
  it('is exactly what the build script makes of the installed source (a data bump shows up as a diff)', () => {
    const { text, figures } = generateDirectory();
    expect(readFileSync(DIRECTORY_PATH, 'utf8') === text, 'data/pincode-directory.json is stale: run `npm run pincodes -w packages/pincodes`').toBe(true);
    expect(figures).toMatchObject({ offices: 165_627, sourcePincodes: 19_586, pincodes: 19_586, unresolved: 0 });
  });

  it('stays well under 1 MB', () => {
    expect(statSync(DIRECTORY_PATH).size).toBeLessThan(700 * 1024);
  });
});

describe('lookupPincode', () => {
  it.each([
    ['110001', 'New Delhi', 'Delhi', '07'],
    // The city shoppers write, not the district India Post names ('Bengaluru Urban', 'Gautam Buddha Nagar').
    ['560034', 'Bengaluru', 'Karnataka', '29'],
    ['201301', 'Noida', 'Uttar Pradesh', '09'],
    // A district of towns: the town its post office delivers from, not 'North 24 Parganas'.
    ['700156', 'New Town', 'West Bengal', '19'],
    ['700124', 'Barasat', 'West Bengal', '19'],
    ['700084', 'Garia', 'West Bengal', '19'],
    ['400001', 'Mumbai', 'Maharashtra', '27'],
    ['700001', 'Kolkata', 'West Bengal', '19'],
    ['744101', 'South Andamans', 'Andaman and Nicobar Islands', '35'],
    ['682001', 'Ernakulam', 'Kerala', '32'],
    // Delhi's compass districts read as the city; Mumbai Suburban as Mumbai.
    ['110006', 'Delhi', 'Delhi', '07'],
    ['400050', 'Mumbai', 'Maharashtra', '27'],
    // Every office of 400113 says 'NA' for its state: its postal division (Mumbai City West) resolves it.
    ['400113', 'Mumbai', 'Maharashtra', '27'],
  ])('%s is in %s, %s (%s)', (pincode, city, state, stateCode) => {
    expect(lookupPincode(pincode)).toMatchObject({ pincode, city, state, stateCode });
  });

  it('places a pincode at its post offices, to about a kilometre', () => {
    const gpo = lookupPincode('700001')!;
    // Kolkata GPO, not the cluster of offices the source misplaces 27 km south-west.
    expect(gpo.lat).toBeCloseTo(22.57, 1);
    expect(gpo.lng).toBeCloseTo(88.35, 1);
  });

  it.each(['000000', '999999', '100000', '56003', '5600345', 'abcdef', '', '__proto__', ' 560034'])('%j is unknown', (pin) => {
    expect(lookupPincode(pin)).toBeUndefined();
  });
});

describe('deliveryEstimate', () => {
  const SELLER = '110006';

  it('within 50 km: the policy processing, then 2-4 days', () => {
    expect(deliveryEstimate('110001', SELLER)).toEqual({ processingDays: [7, 10], deliveryDays: [2, 4], totalDays: [9, 14], zone: 'local' });
    expect(deliveryEstimate('201301', SELLER)?.zone).toBe('local'); // Noida
  });

  it('within 500 km: 4-7 days', () => {
    expect(deliveryEstimate('302001', SELLER)).toEqual({ processingDays: [7, 10], deliveryDays: [4, 7], totalDays: [11, 17], zone: 'regional' }); // Jaipur
  });

  it("farther: the policy's 7-10 days", () => {
    expect(deliveryEstimate('560034', SELLER)).toEqual({ processingDays: [7, 10], deliveryDays: [7, 10], totalDays: [14, 20], zone: 'national' });
    expect(deliveryEstimate('744101', SELLER)?.zone).toBe('national');
  });

  it('from a seller pincode the directory does not know, every pincode is national', () => {
    expect(deliveryEstimate('110001', '000000')?.zone).toBe('national');
  });

  it('is undefined for an unknown pincode', () => {
    expect(deliveryEstimate('999999', SELLER)).toBeUndefined();
  });

  it("puts a pincode in the delivery promise's zones by its distance from the seller", () => {
    expect(deliveryZone('110017', SELLER)).toBe('local');
    expect(deliveryZone('122001', SELLER)).toBe('local');
    expect(deliveryZone('302001', SELLER)).toBe('regional');
    expect(deliveryZone('400001', SELLER)).toBe('national');
    expect(deliveryZone('999999', SELLER)).toBeUndefined();
  });
});

describe('titleCase', () => {
  it.each([
    ['BENGALURU URBAN', 'Bengaluru Urban'],
    ['NORTH AND MIDDLE ANDAMAN', 'North and Middle Andaman'],
    ['JANJGIR-CHAMPA', 'Janjgir-Champa'],
    ['KAIMUR (BHABUA)', 'Kaimur (Bhabua)'],
    ['Y.S.R.', 'Y.S.R.'],
  ])('%s -> %s', (name, expected) => {
    expect(titleCase(name)).toBe(expected);
  });
});

describe('placeOfOffice', () => {
  it.each([
    ['New Town SO', 'New Town'],
    ['Barasat HO', 'Barasat'],
    ['Garia SO South 24 Parganas', 'Garia'],
    ['Koramangala S.O', 'Koramangala'],
    ['Mannady S.O (Chennai)', 'Mannady'],
    ['Hatgacha BO', 'Hatgacha'],
    ['Sowcarpet NDSO', 'Sowcarpet'],
  ])('%s -> %s', (office, place) => {
    expect(placeOfOffice(office)).toBe(place);
  });
});
