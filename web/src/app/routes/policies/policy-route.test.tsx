// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import PolicyRoute from './policy-route.js';
import { undoAfterEachTest } from '../../../testing/test-hooks.js';
import { renderRoutes } from '../../../testing/render-routes.js';

function renderPolicy(path: string) {
  renderRoutes(path, { '/policies/:policyName': <PolicyRoute /> });
}

undoAfterEachTest();

describe('Contact Us: seller details', () => {
  it('lists who sells, from the seller profile, under the anchor the footer links to', () => {
    renderPolicy('/policies/contact-us');
    const heading = screen.getByRole('heading', { level: 2, name: 'Seller details' });
    expect(heading.id).toBe('seller-details');
    const section = within(heading.closest('section') as HTMLElement);
    // The demo profile: tests do not run the build that reads the environment.
    for (const text of [
      'Legal name: FAKE Royal Pickles Foods Private Limited',
      'Trade name: Royal Pickles',
      'Address: FAKE 0 Example Lane, Chandni Chowk, Delhi 110006, Delhi, India (state code 07)',
      'GSTIN: 07AAAAA0000A1Z5',
      'FSSAI licence number: 10000000000000',
    ]) {
      expect(section.getByText(text)).toBeTruthy();
    }
    expect(section.getByText(/Grievance officer \(for complaints\): FAKE Grievance Officer, Grievance Officer/)).toBeTruthy();
    // Phone numbers keep their spaces unbreakable (no-break spaces), which getByText reads as spaces.
    expect(section.getByText('+91 11 0000 0000').getAttribute('href')).toBe('tel:+911100000000');
    expect(section.getByRole('link', { name: 'grievance@example.in' }).getAttribute('href')).toBe('mailto:grievance@example.in');
    expect(section.getByText('+91 11 4567 8900').getAttribute('href')).toBe('tel:+911145678900');
    expect(section.getByRole('link', { name: 'support@royalpickles.in' }).getAttribute('href')).toBe('mailto:support@royalpickles.in');
    expect(section.getByText(/Payments are processed by Razorpay Software Private Limited/)).toBeTruthy();
    expect(section.getByRole('link', { name: 'https://razorpay.com/support/' }).getAttribute('href')).toBe('https://razorpay.com/support/');
  });

  it('keeps the policy text it had before', () => {
    renderPolicy('/policies/contact-us');
    for (const text of ['We would love to hear from you.', 'Location: Delhi, India', 'Our support team replies within 1-2 business days.', 'Please include your order ID when writing about an order.']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });
});
