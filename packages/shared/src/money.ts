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
