import { labelFactsOf, type CatalogueProduct } from '@pickles/shared/catalogue';
import { catalogueProductInputSchema, type CatalogueProductInput } from '@pickles/shared/catalogue-input';
import { paiseToTypedRupees, parseTypedRupees } from '@pickles/shared/money';
import { fieldErrors } from '@pickles/shared/validation';

/** The form's fields as typed (text), named as the API names them so its field errors land beside them. */
export interface ProductFormValues
  extends Pick<CatalogueProduct, 'name' | 'title' | 'description' | 'packLabel' | 'diet' | 'ingredients' | 'allergens' | 'storage' | 'bestBefore' | 'countryOfOrigin' | 'hsn'> {
  /** Rupees with paise, MRP inclusive of GST, as typed ("1,250.50"). */
  price: string;
  /** Empty: no struck-through price. */
  displayPrice: string;
  discountLabel: string;
  /** Whole grams, as typed. */
  netGrams: string;
  /** One of GST_RATES_PERCENT, as the select's value. */
  gstRatePercent: string;
}

export type ProductFormField = keyof ProductFormValues;
export type ProductFormErrors = Partial<Record<ProductFormField | '_', string>>;

/** A new product's form: empty, with the label facts most of the shop's pickles share. */
export const NEW_PRODUCT_VALUES: ProductFormValues = {
  name: '',
  title: '',
  description: '',
  price: '',
  displayPrice: '',
  discountLabel: '',
  packLabel: 'BOX',
  netGrams: '',
  diet: 'non-vegetarian',
  ingredients: '',
  allergens: '',
  storage: '',
  bestBefore: '',
  countryOfOrigin: 'India',
  hsn: '',
  gstRatePercent: '12',
};

/** The form filled with a product as saved. */
export function valuesOf(product: CatalogueProduct): ProductFormValues {
  return {
    name: product.name,
    title: product.title,
    description: product.description,
    price: paiseToTypedRupees(product.pricePaise),
    displayPrice: product.displayPricePaise === null ? '' : paiseToTypedRupees(product.displayPricePaise),
    discountLabel: product.discountLabel ?? '',
    packLabel: product.packLabel,
    netGrams: String(product.netGrams),
    ...labelFactsOf(product),
    hsn: product.hsn,
    gstRatePercent: String(product.gstRatePercent),
  };
}

/** Whole grams as typed; NaN when it is not a number, for the schema to refuse in its words. */
function typedNumber(typed: string): number {
  const text = typed.trim().replaceAll(',', '');
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The form as the API takes it (prices in rupees, numbers as numbers), checked with the server's own
 * schema so the form refuses what the server would, in its words; the server checks again.
 */
export function validateProduct(values: ProductFormValues): { input?: CatalogueProductInput; errors: ProductFormErrors } {
  const result = catalogueProductInputSchema.safeParse({
    name: values.name,
    title: values.title,
    description: values.description,
    price: values.price.trim() === '' ? undefined : parseTypedRupees(values.price),
    displayPrice: values.displayPrice.trim() === '' ? null : parseTypedRupees(values.displayPrice),
    discountLabel: values.discountLabel.trim() === '' ? null : values.discountLabel,
    packLabel: values.packLabel,
    netGrams: typedNumber(values.netGrams),
    diet: values.diet,
    ingredients: values.ingredients,
    allergens: values.allergens,
    storage: values.storage,
    bestBefore: values.bestBefore,
    countryOfOrigin: values.countryOfOrigin,
    hsn: values.hsn,
    gstRatePercent: Number(values.gstRatePercent),
  });
  return result.success ? { input: result.data, errors: {} } : { errors: fieldErrors(result.error) as ProductFormErrors };
}
