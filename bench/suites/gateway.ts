import { figure, type Recorder } from '../lib/report.js';
import { load, type LoadResult } from '../lib/load.js';
import { cpuByProcess } from '../lib/pipeline.js';
import type { BenchStack } from '../lib/stack.js';

/** Slices of the measured time per side: short, alternating slices spread background noise over both sides. */
const SLICES = 5;

/** CPU milliseconds per request of each process of the stack (and the load generator, `bench`) during `run`. */
async function withCpu(stack: BenchStack, run: () => Promise<LoadResult>): Promise<{ result: LoadResult; cpuSeconds: Record<string, number> }> {
  const before = cpuByProcess(stack.redisPrefix);
  const result = await run();
  const after = cpuByProcess(stack.redisPrefix);
  const cpuSeconds = Object.fromEntries(Object.keys(after).map((part) => [part, after[part]! - (before[part] ?? 0)]));
  return { result, cpuSeconds };
}

interface Side {
  runs: LoadResult[];
  cpuSeconds: Record<string, number>;
}

function summary(side: Side) {
  const requests = side.runs.reduce((sum, run) => sum + run.ok + run.non2xx, 0);
  const seconds = side.runs.reduce((sum, run) => sum + run.seconds, 0);
  const p50s = side.runs.map((run) => run.p50).sort((a, b) => a - b);
  const cpuMsPerRequest = Object.fromEntries(
    Object.entries(side.cpuSeconds)
      .filter(([, cpu]) => cpu > 0.005)
      .map(([part, cpu]) => [part, Math.round((1_000_000 * cpu) / requests) / 1000]),
  );
  return { rps: requests / seconds, p50: p50s[Math.floor(p50s.length / 2)]!, p99: Math.max(...side.runs.map((run) => run.p99)), cpuMsPerRequest };
}

/**
 * The same cheap request through the gateway and straight to the payments service: POST
 * /api/payment/verify-payment with `{}` is refused with 400 by payments' validation before any
 * database or Razorpay work, so the difference is the gateway's own cost (its request front, the
 * proxy, Node's HTTP work for a second hop). Both get a warm-up, then the same connections and
 * duration, in alternating slices (gateway, direct, direct, gateway, ...). The CPU each process
 * spent per request is recorded too: unlike req/s, it hardly moves with the machine's other load.
 */
export async function gatewaySuite(stack: BenchStack, rec: Recorder, opts: { seconds: number; connections: number }): Promise<void> {
  const common = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, connections: opts.connections };
  const viaGateway = `${stack.origin}/api/payment/verify-payment`;
  const direct = `http://127.0.0.1:${stack.ports.payments}/api/payment/verify-payment`;
  const check = await fetch(viaGateway, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  if (check.status !== 400) throw new Error(`expected 400 from verify-payment {}, got ${check.status}`);
  await load({ ...common, url: viaGateway, duration: 2 });
  await load({ ...common, url: direct, duration: 2 });
  const slice = Math.max(1, Math.round(opts.seconds / SLICES));
  const sides: Record<'gateway' | 'direct', Side> = { gateway: { runs: [], cpuSeconds: {} }, direct: { runs: [], cpuSeconds: {} } };
  const measure = async (name: 'gateway' | 'direct') => {
    const { result, cpuSeconds } = await withCpu(stack, () => load({ ...common, url: name === 'gateway' ? viaGateway : direct, duration: slice }));
    sides[name].runs.push(result);
    for (const [part, cpu] of Object.entries(cpuSeconds)) sides[name].cpuSeconds[part] = (sides[name].cpuSeconds[part] ?? 0) + cpu;
  };
  for (let i = 0; i < SLICES; i++) {
    // ABBA: neither side always goes first.
    const order = i % 2 === 0 ? (['gateway', 'direct'] as const) : (['direct', 'gateway'] as const);
    for (const name of order) await measure(name);
  }
  const gw = summary(sides.gateway);
  const dr = summary(sides.direct);
  const base = (name: string, value: number, unit: string) => ({ name: `direct to payments ${name}`, value, unit });
  rec.add(figure('gateway req/s (verify-payment {} -> 400)', gw.rps, 'req/s', base('req/s', dr.rps, 'req/s'), 'higher', 'target: >= 0.8x'));
  rec.add(figure('gateway p50 latency', gw.p50, 'ms', base('p50', dr.p50, 'ms'), 'lower'));
  rec.add(figure('gateway p99 latency', gw.p99, 'ms', base('p99', dr.p99, 'ms'), 'lower'));
  // The gateway's own CPU per proxied request beside what payments spends answering the same request directly.
  rec.add(figure('gateway CPU per proxied request', gw.cpuMsPerRequest.gateway ?? 0, 'ms', base('CPU per request (payments)', dr.cpuMsPerRequest.payments ?? 0, 'ms'), 'lower'));
  rec.detail('route', 'POST /api/payment/verify-payment body {} (400 from payments validation)');
  rec.detail('connections', opts.connections);
  rec.detail('cpuMsPerRequest', { gateway: gw.cpuMsPerRequest, direct: dr.cpuMsPerRequest });
  rec.detail('runs', { gateway: sides.gateway.runs, direct: sides.direct.runs });
}
