import { describe, expect, it } from 'vitest';
import { SEED_PLACES } from '../../db/src/cli/seed-places.js';
import { lookupPincode } from './index.js';

describe("the seeder's places (npm run seed)", () => {
  it.each(SEED_PLACES.map(([city, state, pincodes]) => [city, state, pincodes] as const))('%s, %s: every pincode is in the directory, in that state', (_city, state, pincodes) => {
    expect(pincodes.map((pincode) => lookupPincode(pincode)?.state)).toEqual(pincodes.map(() => state));
  });
});
