/**
 * The new-product form body (POST /api/admin/catalogue) of the third pickle, the prawn one, that the
 * e2e journeys and the photos bench add through the gateway; prices in rupees, as the owner types them.
 */
export const prawnPickleForm = ({ name = 'Royal Prawn Pickle', price = 450 }: { name?: string; price?: number } = {}) => ({
  name,
  title: 'Coastal Recipe',
  description: 'Prawns slow-cooked in tamarind and cold-pressed coconut oil, Konkan style.',
  price,
  displayPrice: null,
  discountLabel: null,
  packLabel: 'JAR',
  netGrams: 250,
  diet: 'non-vegetarian',
  ingredients: 'Prawns, coconut oil, tamarind, red chilli, salt, garlic, spices.',
  allergens: 'Contains crustaceans.',
  storage: 'Refrigerate after opening.',
  bestBefore: '4 months from packing',
  countryOfOrigin: 'India',
  hsn: '1605',
  gstRatePercent: 5,
});
