import { describe, expect, it } from 'vitest';
import { gatewayRoute } from './metrics.js';

describe('gateway route labels', () => {
  it('name API calls by the route table, never by their raw path', () => {
    expect(gatewayRoute('/api/payment/create-order')).toBe('/api/payment/create-order');
    expect(gatewayRoute('/api/admin/orders/5f0c6a4e-0b7e-4f57-9d55-8d1d8f0e1c2a/status')).toBe('/api/admin/');
    expect(gatewayRoute('/api/pincodes/560038')).toBe('/api/pincodes/');
    expect(gatewayRoute('/api/order/batch-update-status')).toBe('/api/order/batch-update-status');
    expect(gatewayRoute('/api/order/no-such-action')).toBe('/api/order/');
  });

  it('keep the gateway\'s own paths, and put everything else in two fixed labels', () => {
    expect(gatewayRoute('/api/health')).toBe('/api/health');
    expect(gatewayRoute('/alive')).toBe('/alive');
    expect(gatewayRoute('/api/no-such-thing/RP12345')).toBe('unmatched');
    expect(gatewayRoute('/api')).toBe('unmatched');
    expect(gatewayRoute('/admin/orders/5f0c6a4e')).toBe('static');
    expect(gatewayRoute('/assets/index-abc123.js')).toBe('static');
    expect(gatewayRoute('/metrics')).toBe('static');
  });
});
