import { figure, type Recorder } from '../lib/report.js';
import { load } from '../lib/load.js';
import type { BenchStack } from '../lib/stack.js';

/**
 * The same cheap request through the gateway and straight to the payments service: POST
 * /api/payment/verify-payment with `{}` is refused with 400 by payments' validation before any
 * database or Razorpay work, so the difference is the gateway's own cost (proxy, CSP/helmet, logging).
 * Both get a warm-up, then the same connections and duration.
 */
export async function gatewaySuite(stack: BenchStack, rec: Recorder, opts: { seconds: number; connections: number }): Promise<void> {
  const common = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, connections: opts.connections };
  const viaGateway = `${stack.origin}/api/payment/verify-payment`;
  const direct = `http://127.0.0.1:${stack.ports.payments}/api/payment/verify-payment`;
  const check = await fetch(viaGateway, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  if (check.status !== 400) throw new Error(`expected 400 from verify-payment {}, got ${check.status}`);
  await load({ ...common, url: viaGateway, duration: 2 });
  await load({ ...common, url: direct, duration: 2 });
  // Alternate the two so a burst of background noise cannot land on one side only.
  const half = Math.max(1, Math.round(opts.seconds / 2));
  const g1 = await load({ ...common, url: viaGateway, duration: half });
  const d1 = await load({ ...common, url: direct, duration: half });
  const g2 = await load({ ...common, url: viaGateway, duration: half });
  const d2 = await load({ ...common, url: direct, duration: half });
  const avg = (a: number, b: number) => (a + b) / 2;
  const gw = { rps: avg(g1.requestsPerSecond, g2.requestsPerSecond), p50: avg(g1.p50, g2.p50), p99: Math.max(g1.p99, g2.p99) };
  const dr = { rps: avg(d1.requestsPerSecond, d2.requestsPerSecond), p50: avg(d1.p50, d2.p50), p99: Math.max(d1.p99, d2.p99) };
  const base = (name: string, value: number, unit: string) => ({ name: `direct to payments ${name}`, value, unit });
  rec.add(figure('gateway req/s (verify-payment {} -> 400)', gw.rps, 'req/s', base('req/s', dr.rps, 'req/s'), 'higher', 'target: >= 0.8x'));
  rec.add(figure('gateway p50 latency', gw.p50, 'ms', base('p50', dr.p50, 'ms'), 'lower'));
  rec.add(figure('gateway p99 latency', gw.p99, 'ms', base('p99', dr.p99, 'ms'), 'lower'));
  rec.detail('route', 'POST /api/payment/verify-payment body {} (400 from payments validation)');
  rec.detail('connections', opts.connections);
  rec.detail('runs', { gateway: [g1, g2], direct: [d1, d2] });
}
