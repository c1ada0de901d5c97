// Plain data, no test runner: test/deploy/fixtures/render-invoice.ts bundles it into a process of its own.
import type { InvoicedOrder } from '../src/index.js';

/** A registered seller in Chandni Chowk, Delhi, as the SELLER_* variables describe it, for the invoices rendered in tests. */
export const SELLER_ENV = {
  SELLER_LEGAL_NAME: 'Saffron Jar Foods Private Limited',
  SELLER_TRADE_NAME: 'Royal Pickles',
  SELLER_ADDRESS: '14 Kinari Bazar|Chandni Chowk',
  SELLER_CITY: 'Delhi',
  SELLER_PINCODE: '110006',
  SELLER_STATE: 'Delhi',
  SELLER_GSTIN: '07ABCDE1234F1Z5',
  SELLER_FSSAI_LICENCE: '13324999000123',
};

/** A shopper in Bengaluru (another state: IGST) who paid ₹150 shipping for two jars of chicken pickle, for the invoices rendered in tests. */
export const BENGALURU_ORDER: InvoicedOrder = {
  orderNumber: 'RP7F3A9C21D0',
  customerName: 'Meera Iyer',
  flatNumber: 'Flat 4C',
  street: 'MG Road',
  area: 'Indiranagar',
  city: 'Bengaluru',
  state: 'karnataka',
  pincode: '560038',
  shippingPaise: 15_000,
  items: [{ productId: 1, name: 'Royal Chicken Pickle', quantity: 2, lineTotalPaise: 100_000 }],
};
