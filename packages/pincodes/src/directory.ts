import { readFileSync } from 'node:fs';
import { indianStateByCode } from '@pickles/shared/indian-states';
import type { DirectoryFile } from './directory-file.js';

/** A pincode as the checkout knows it: the city to suggest, the state it is in, and where it is. */
export interface PincodeEntry {
  pincode: string;
  /** The city shoppers write ('Bengaluru', 'Noida', 'New Town'; see ../README.md): the checkout fills it in, shoppers may change it. */
  city: string;
  /** The canonical state name of packages/shared/src/indian-states.ts. */
  state: string;
  /** GST state code ('29'). */
  stateCode: string;
  /** The middle of its delivering post offices, to about 1 km. */
  lat: number;
  lng: number;
}

const DIRECTORY_FILE = new URL('../data/pincode-directory.json', import.meta.url);

let directory: DirectoryFile | undefined;

/** Read on the first lookup, then kept: about 0.5 MB of JSON, parsed once per process. */
function loadDirectory(): DirectoryFile {
  return (directory ??= JSON.parse(readFileSync(DIRECTORY_FILE, 'utf8')) as DirectoryFile);
}

/** The pincode in India Post's directory, or undefined (not 6 digits, or no post office has it). */
export function lookupPincode(pin: string): PincodeEntry | undefined {
  if (!/^\d{6}$/.test(pin)) return undefined;
  const { districts, pincodes } = loadDirectory();
  // Own keys only: '__proto__' and friends are not 6 digits, but the file is a plain object all the same.
  const row = Object.hasOwn(pincodes, pin) ? pincodes[pin] : undefined;
  if (!row) return undefined;
  const [districtIndex, lat, lng] = row;
  const [city, stateCode] = districts[districtIndex]!;
  const state = indianStateByCode(stateCode);
  if (!state) throw new Error(`pincode-directory.json: unknown state code ${stateCode}`);
  return { pincode: pin, city, state: state.name, stateCode, lat, lng };
}
