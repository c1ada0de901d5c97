import type { Product } from '@pickles/shared/catalogue';

/** FSSAI's colours: brown for non-vegetarian food, green for vegetarian. */
const MARKS = {
  'non-vegetarian': { label: 'Non-vegetarian', color: '#7b3f00' },
  vegetarian: { label: 'Vegetarian', color: '#1d7a2e' },
} as const;

/**
 * The FSSAI food-type mark (Labelling and Display Regulations 2020): a filled brown triangle in a
 * brown-outlined square for non-vegetarian food, a filled green circle in a green one for vegetarian.
 */
export function DietMark({ diet, size = 20 }: { diet: NonNullable<Product['diet']>; size?: number }) {
  const { label, color } = MARKS[diet];
  // No <title>: its text would join the surrounding line's text; aria-label names it. Inline style,
  // as the mark sits in prerendered text before any route stylesheet loads.
  return (
    <svg className="diet-mark" role="img" aria-label={label} viewBox="0 0 20 20" width={size} height={size} focusable="false" style={{ verticalAlign: '-0.25em' }}>
      <rect x="1" y="1" width="18" height="18" rx="1.5" fill="#fff" stroke={color} strokeWidth="2" />
      {diet === 'non-vegetarian' ? <polygon points="10,4.5 15.5,14.5 4.5,14.5" fill={color} /> : <circle cx="10" cy="10" r="5" fill={color} />}
    </svg>
  );
}
