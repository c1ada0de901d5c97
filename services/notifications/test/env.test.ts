import { describe, expect, it } from 'vitest';
import { DEMO_TRACKING_LINK_SECRET, parseEnv, productionProblems } from '@pickles/service-kit';
import { notificationsEnvSchema } from '../src/env.js';

describe('the notifications environment', () => {
  it('has demo defaults for the support phone and the shop address, which production mode refuses', () => {
    const defaults = parseEnv(notificationsEnvSchema, {});
    expect(defaults.SHOP_URL).toBe('http://localhost:3000');
    expect(defaults.SUPPORT_PHONE).toMatch(/^\+91 \d/);
    expect(productionProblems({ SHOP_URL: defaults.SHOP_URL, SUPPORT_PHONE: defaults.SUPPORT_PHONE })).toEqual([
      'Invalid environment variable SUPPORT_PHONE (got a published value): the repository\'s demo, example or sandbox value cannot be used in production',
      "Invalid environment variable SHOP_URL (a local address): e-mails link shoppers to it; give the shop's public address, such as https://royalpickles.in",
    ]);
  });

  it('signs tracking links with the demo secret by default, which production mode refuses; a short one is refused', () => {
    const defaults = parseEnv(notificationsEnvSchema, {});
    expect(defaults.TRACKING_LINK_SECRET).toBe(DEMO_TRACKING_LINK_SECRET);
    expect(productionProblems({ TRACKING_LINK_SECRET: defaults.TRACKING_LINK_SECRET })).toEqual([
      'Invalid environment variable TRACKING_LINK_SECRET (got a published value): the repository\'s demo, example or sandbox value cannot be used in production',
    ]);
    expect(productionProblems({}, ['TRACKING_LINK_SECRET'])).toEqual(['Invalid environment variable TRACKING_LINK_SECRET (missing): required in production']);
    expect(parseEnv(notificationsEnvSchema, { TRACKING_LINK_SECRET: 'k'.repeat(40) }).TRACKING_LINK_SECRET).toBe('k'.repeat(40));
    expect(() => parseEnv(notificationsEnvSchema, { TRACKING_LINK_SECRET: 'short' })).toThrow('Invalid environment variable TRACKING_LINK_SECRET');
  });

  it('takes the shop\'s own address and number, and refuses what is not one', () => {
    const own = parseEnv(notificationsEnvSchema, { SHOP_URL: 'https://royalpickles.in', SUPPORT_PHONE: '+91 98100 12345' });
    expect(productionProblems({ SHOP_URL: own.SHOP_URL, SUPPORT_PHONE: own.SUPPORT_PHONE })).toEqual([]);
    expect(() => parseEnv(notificationsEnvSchema, { SHOP_URL: 'royalpickles.in' })).toThrow('Invalid environment variable SHOP_URL (got an invalid value)');
    expect(() => parseEnv(notificationsEnvSchema, { SHOP_URL: 'ftp://royalpickles.in' })).toThrow('Invalid environment variable SHOP_URL (got an invalid value)');
    expect(() => parseEnv(notificationsEnvSchema, { SUPPORT_PHONE: 'call us' })).toThrow('Invalid environment variable SUPPORT_PHONE (got an invalid value)');
  });
});
