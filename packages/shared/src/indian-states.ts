/**
 * India's states and union territories with their GST state codes (the first two digits of a
 * GSTIN; code 25, Daman and Diu, merged into 26 in 2020; 28 is the pre-2014 Andhra Pradesh). A tax
 * invoice names the recipient's state and code, and the place of supply decides CGST + SGST
 * (same state as the seller) or IGST (another state).
 */
export const INDIAN_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;

export type IndianState = (typeof INDIAN_STATES)[number];

/** Other spellings shoppers type, already in the normalised form (lower case, letters and spaces). */
const ALIASES: Record<string, string> = {
  'nct of delhi': '07',
  'new delhi': '07',
  'delhi ncr': '07',
  orissa: '21',
  pondicherry: '34',
  'jammu kashmir': '01',
  'j k': '01',
  'daman and diu': '26',
  'dadra and nagar haveli': '26',
  'andaman nicobar': '35',
  'andaman and nicobar': '35',
  uttaranchal: '05',
  'tamilnadu': '33',
  'chattisgarh': '22',
};

const normalise = (value: string) =>
  value
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');

const BY_NAME = new Map<string, IndianState>(INDIAN_STATES.map((state) => [normalise(state.name), state]));
const BY_CODE = new Map<string, IndianState>(INDIAN_STATES.map((state) => [state.code, state]));

/** The state a shopper typed ("tamil nadu", "Orissa", "NCT of Delhi"), or undefined. */
export function findIndianState(typed: string): IndianState | undefined {
  const key = normalise(typed);
  return BY_NAME.get(key) ?? BY_CODE.get(ALIASES[key] ?? '') ?? BY_NAME.get(key.replace(/^the /, ''));
}

export function indianStateByCode(code: string): IndianState | undefined {
  return BY_CODE.get(code);
}
