/**
 * Money in the shop is integer paise everywhere except where the product's API fields (docs/product.md §3, §7) and
 * screens speak rupees. These are the only conversions; nothing else multiplies by 100.
 */
export const PAISE_PER_RUPEE = 100;

export function rupeesToPaise(rupees: number): number {
  // Math.round: 10.1 * 100 is 1009.9999999999999 in floating point.
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "₹1,050" for 105000 paise, Indian digit grouping; "₹449.50" when there are paise (never "₹449.5"). */
export function formatPaise(paise: number): string {
  const whole = Math.round(paise) % PAISE_PER_RUPEE === 0;
  return (whole ? wholeRupees : rupeesAndPaise).format(paiseToRupees(Math.round(paise)));
}

export function formatRupees(rupees: number): string {
  return formatPaise(rupeesToPaise(rupees));
}

// Plain digits, or digits grouped by commas the Indian way (1,25,000) or the Western way (125,000).
const TYPED_RUPEES = /^(?:\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.\d+)?$/;

/**
 * Rupees as the owner types them into a form ("1,250.50", "₹ 499", "450.5"), as a number of rupees
 * for the API; NaN when it is not an amount (letters, a misplaced comma, two points), so the shared
 * schema refuses it in its own words. More than two decimals are kept, for the schema to refuse.
 */
export function parseTypedRupees(typed: string): number {
  const text = typed.trim().replace(/^₹\s*/, '');
  return TYPED_RUPEES.test(text) ? Number(text.replaceAll(',', '')) : Number.NaN;
}

/** What a rupee field shows for an amount in paise: "1250.50", "500" (no grouping, so it reads back). */
export function paiseToTypedRupees(paise: number): string {
  const whole = Math.trunc(paise / PAISE_PER_RUPEE);
  const rest = Math.abs(paise % PAISE_PER_RUPEE);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
