/**
 * The shape of data/pincode-directory.json, written by scripts/build-directory.ts and read by
 * directory.ts. Compact on purpose (one short line per pincode): the district's name and GST state
 * code are stored once in `districts`, each pincode points at its district by index.
 */
export interface DirectoryFile {
  about: string;
  source: { package: string; version: string; offices: number };
  figures: DirectoryFigures;
  /** [city name as filled into the form (the district, title case), GST state code]. */
  districts: Array<[name: string, stateCode: string]>;
  /** Pincode -> [index into `districts`, latitude, longitude], rounded to 2 decimals (about 1 km). */
  pincodes: Record<string, [district: number, lat: number, lng: number]>;
}

export interface DirectoryFigures {
  /** Post offices in the source. */
  offices: number;
  /** Offices whose state is 'NA' in the source. */
  officesWithoutState: number;
  /** Distinct pincodes in the source. */
  sourcePincodes: number;
  /** Pincodes in the directory (the source's, less those whose state stays unknown). */
  pincodes: number;
  districts: number;
  /** Pincodes none of whose offices name a district or state: resolved from their postal division. */
  resolvedFromDivision: number;
  /** Pincodes whose state could not be resolved at all: left out, so they read as unknown. */
  unresolved: number;
  /** Pincodes with no usable office coordinates, or ones far from their district: the district's middle. */
  placedAtDistrict: number;
}
