import { z } from 'zod';

/**
 * Who sells: what Indian law asks the shop to show and print on its tax invoices — the
 * Consumer Protection (E-Commerce) Rules 2020 (seller's name, address, grievance officer, customer
 * care), FSSAI (licence number) and GST (GSTIN, state). One profile, read from the environment
 * (SELLER_*, GRIEVANCE_*, CUSTOMER_CARE_*, PAYMENT_PROVIDER_*, GST_*), validated at start-up by the
 * services and at build time by the SPA (web/vite.config.ts), so every page, e-mail and invoice says
 * the same thing. The local defaults are plainly fake ("FAKE", "0000") and production mode refuses
 * them (packages/service-kit/src/production.ts, PUBLISHED_VALUES).
 */

/** GSTIN: 2-digit state code, 10-character PAN, entity number, 'Z', check character. */
const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const sellerProfileEnvSchema = z.object({
  SELLER_LEGAL_NAME: z.string().trim().min(2).default('FAKE Royal Pickles Foods Private Limited'),
  SELLER_TRADE_NAME: z.string().trim().min(2).default('Royal Pickles'),
  /** Street address lines, separated by "|" (e.g. "12 Example Lane|Chandni Chowk"). */
  SELLER_ADDRESS: z.string().trim().min(5).default('FAKE 0 Example Lane|Chandni Chowk'),
  SELLER_CITY: z.string().trim().min(2).default('Delhi'),
  SELLER_PINCODE: z.string().regex(/^\d{6}$/, { error: 'expected a 6-digit pincode' }).default('110006'),
  /** The seller's state as written on the invoice; its GST code is the GSTIN's first two digits. */
  SELLER_STATE: z.string().trim().min(2).default('Delhi'),
  SELLER_GSTIN: z.string().regex(GSTIN_PATTERN, { error: 'expected a 15-character GSTIN' }).default('07AAAAA0000A1Z5'),
  SELLER_FSSAI_LICENCE: z.string().regex(/^\d{14}$/, { error: 'expected the 14-digit FSSAI licence number' }).default('10000000000000'),
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(2).default('FAKE Grievance Officer'),
  GRIEVANCE_OFFICER_DESIGNATION: z.string().trim().min(2).default('Grievance Officer'),
  GRIEVANCE_OFFICER_PHONE: z.string().trim().min(8).default('+91 11 0000 0000'),
  GRIEVANCE_OFFICER_EMAIL: z.email().default('grievance@example.in'),
  CUSTOMER_CARE_PHONE: z.string().trim().min(8).default('+91 11 4567 8900'),
  CUSTOMER_CARE_EMAIL: z.email().default('support@royalpickles.in'),
  PAYMENT_PROVIDER_NAME: z.string().trim().min(2).default('Razorpay Software Private Limited'),
  PAYMENT_PROVIDER_CONTACT: z.string().trim().min(5).default('https://razorpay.com/support/'),
  /** HSN code and GST rate of every product, unless GST_PRODUCT_CLASSES names it: the accountant's call. */
  GST_DEFAULT_HSN: z.string().regex(/^\d{4,8}$/, { error: 'expected a 4- to 8-digit HSN code' }).default('1602'),
  GST_DEFAULT_RATE_PERCENT: z.coerce.number().min(0).max(28).default(12),
  /** Per-product overrides: "productId:hsn:rate,..." e.g. "2:1602:12". */
  GST_PRODUCT_CLASSES: z
    .string()
    .regex(/^(\d+:\d{4,8}:\d+(\.\d+)?)(,\d+:\d{4,8}:\d+(\.\d+)?)*$/, { error: 'expected productId:hsn:rate, separated by commas' })
    .optional(),
});
export type SellerProfileEnv = z.infer<typeof sellerProfileEnvSchema>;

export interface TaxClass {
  hsn: string;
  ratePercent: number;
}

export interface SellerProfile {
  legalName: string;
  tradeName: string;
  address: { lines: string[]; city: string; pincode: string; state: string; stateCode: string };
  gstin: string;
  fssaiLicence: string;
  grievanceOfficer: { name: string; designation: string; phone: string; email: string };
  customerCare: { phone: string; email: string };
  paymentProvider: { name: string; contact: string };
  tax: { defaultClass: TaxClass; byProduct: Record<number, TaxClass> };
}

export function sellerProfileFromEnv(env: Record<string, string | undefined>): SellerProfile {
  const e = sellerProfileEnvSchema.parse(env);
  const byProduct: Record<number, TaxClass> = {};
  for (const entry of e.GST_PRODUCT_CLASSES?.split(',') ?? []) {
    const [id, hsn, rate] = entry.split(':');
    byProduct[Number(id)] = { hsn: hsn!, ratePercent: Number(rate) };
  }
  return {
    legalName: e.SELLER_LEGAL_NAME,
    tradeName: e.SELLER_TRADE_NAME,
    address: { lines: e.SELLER_ADDRESS.split('|').map((line) => line.trim()).filter(Boolean), city: e.SELLER_CITY, pincode: e.SELLER_PINCODE, state: e.SELLER_STATE, stateCode: e.SELLER_GSTIN.slice(0, 2) },
    gstin: e.SELLER_GSTIN,
    fssaiLicence: e.SELLER_FSSAI_LICENCE,
    grievanceOfficer: { name: e.GRIEVANCE_OFFICER_NAME, designation: e.GRIEVANCE_OFFICER_DESIGNATION, phone: e.GRIEVANCE_OFFICER_PHONE, email: e.GRIEVANCE_OFFICER_EMAIL },
    customerCare: { phone: e.CUSTOMER_CARE_PHONE, email: e.CUSTOMER_CARE_EMAIL },
    paymentProvider: { name: e.PAYMENT_PROVIDER_NAME, contact: e.PAYMENT_PROVIDER_CONTACT },
    tax: { defaultClass: { hsn: e.GST_DEFAULT_HSN, ratePercent: e.GST_DEFAULT_RATE_PERCENT }, byProduct },
  };
}

/** The HSN code and GST rate of a product. */
export function taxClassOf(profile: SellerProfile, productId: number): TaxClass {
  return profile.tax.byProduct[productId] ?? profile.tax.defaultClass;
}

/** The demo profile's values that production mode refuses (they are published in this repository). */
export const DEMO_SELLER_VALUES = {
  SELLER_LEGAL_NAME: 'FAKE Royal Pickles Foods Private Limited',
  SELLER_ADDRESS: 'FAKE 0 Example Lane|Chandni Chowk',
  SELLER_GSTIN: '07AAAAA0000A1Z5',
  SELLER_FSSAI_LICENCE: '10000000000000',
  GRIEVANCE_OFFICER_NAME: 'FAKE Grievance Officer',
  GRIEVANCE_OFFICER_PHONE: '+91 11 0000 0000',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@example.in',
} as const;

/**
 * What a live shop must set itself: everything printed on its tax invoices whose default is the
 * demo's (an invoice with a made-up GSTIN or address is worthless), and the HSN code and GST rate,
 * which are the accountant's call. Every process that issues tax documents requires them (payments;
 * admin-orders, which invoices an order the owner takes back).
 */
export const INVOICE_VARIABLES_REQUIRED_IN_PRODUCTION = [
  'SELLER_LEGAL_NAME',
  'SELLER_ADDRESS',
  'SELLER_CITY',
  'SELLER_PINCODE',
  'SELLER_STATE',
  'SELLER_GSTIN',
  'SELLER_FSSAI_LICENCE',
  'GST_DEFAULT_HSN',
  'GST_DEFAULT_RATE_PERCENT',
] as const;
