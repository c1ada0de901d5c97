import { useEffect } from 'react';
import type { PolicyName } from '../config/paths.js';

export interface PageMeta {
  title: string;
  description: string;
}

export const BRAND = 'Royal Pickles';

export const DEFAULT_META: PageMeta = {
  title: `${BRAND} | Homemade pickles with royal heritage`,
  description:
    'Homemade heritage meat pickles from Delhi: century-old, slow-cooked recipes with handpicked spices. Pay online, delivered across India.',
};

export const PAGE_META = {
  home: DEFAULT_META,
  shop: {
    title: `Shop Our Pickles | ${BRAND}`,
    description: 'Buy Royal Chicken Pickle, slow-cooked North-Indian style with handpicked spices. 350 g box, prices in INR inclusive of GST.',
  },
  about: {
    title: `Our Story | ${BRAND}`,
    description: 'A century-old family legacy of flavour-rich meat pickles, made with Lakadong turmeric, Himalayan rock salt and fresh oils.',
  },
  checkout: { title: `Checkout | ${BRAND}`, description: 'Enter your delivery details and pay securely with Razorpay.' },
  paymentSuccess: { title: `Payment Successful | ${BRAND}`, description: 'Your royal order is confirmed.' },
  paymentFailed: { title: `Payment Failed | ${BRAND}`, description: 'Your payment could not be completed.' },
  track: {
    title: `Track your order | ${BRAND}`,
    description: 'See where your Royal Pickles order is: enter the order number and the phone number or e-mail you used at checkout.',
  },
  complaint: {
    title: `Raise a complaint | ${BRAND}`,
    description: 'Tell Royal Pickles what went wrong and get a ticket number at once: acknowledged within 48 hours, resolved within a month.',
  },
  adminComplaints: { title: `Complaints | ${BRAND} admin`, description: 'Complaints with their ticket numbers and deadlines.' },
  adminNewOrder: { title: `New order | ${BRAND} admin`, description: 'An order taken by phone or WhatsApp, with its payment link.' },
  adminDiscountCodes: { title: `Discount codes | ${BRAND} admin`, description: 'Launch codes: the offer, when they run, their limits, uses and the discount given.' },
  adminStock: { title: `Stock | ${BRAND} admin`, description: 'Jars in each batch, reserved, sold and left; launch a product.' },
  adminCatalogue: { title: `Catalogue | ${BRAND} admin`, description: "The shop's products: add, edit, order and archive them, with each one's change log." },
  adminDeliveryProblems: { title: `Delivery problems | ${BRAND} admin`, description: 'Failed deliveries to answer within 24 hours, and parcels returning.' },
  notFound: { title: `Page not found | ${BRAND}`, description: 'This page does not exist.' },
} satisfies Record<string, PageMeta>;

export const POLICY_META: Record<PolicyName, PageMeta> = {
  'privacy-policy': { title: `Privacy Policy | ${BRAND}`, description: 'How Royal Pickles collects, uses and protects your personal information.' },
  'refund-policy': {
    title: `Cancellation & Refunds | ${BRAND}`,
    description: 'Paid orders cannot be cancelled; refund or replacement claims within 24 hours of delivery with an unboxing video.',
  },
  'shipping-policy': {
    title: `Shipping Policy | ${BRAND}`,
    description: 'Pan-India prepaid shipping: ₹50 per order plus ₹50 per item, processing 7-10 days, delivery 7-10 days.',
  },
  'terms-and-conditions': { title: `Terms & Conditions | ${BRAND}`, description: 'Terms of using the Royal Pickles website and buying our pickles.' },
  'contact-us': { title: `Contact Us | ${BRAND}`, description: 'Reach Royal Pickles support in Delhi, India; we reply within 1-2 business days.' },
};

/** Keeps the tab title and meta description in step with client-side navigation. */
export function usePageMeta(meta: PageMeta): void {
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta.title, meta.description]);
}
