import type { HealthReport } from '@pickles/service-kit';
import type { ApiHealthResponse } from '@pickles/shared';

export type Upstreams = Record<string, string>;

/** What the gateway learns: the public answer plus, per failing service, why (for its log only). */
export type AggregateHealth = Omit<ApiHealthResponse, 'services'> & { services: Record<string, { status: 'ok' | 'fail'; error?: string }> };

/** The public answer: which parts fail, never why. */
export function publicHealth(health: AggregateHealth): ApiHealthResponse {
  const services = Object.fromEntries(Object.entries(health.services).map(([name, service]) => [name, { status: service.status }]));
  return { success: health.success, status: health.status, failing: health.failing, services, dependencies: health.dependencies };
}

async function fetchHealth(url: string, timeoutMs: number): Promise<HealthReport> {
  const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(timeoutMs) });
  const body = (await response.json()) as HealthReport;
  if (!body || typeof body !== 'object' || !body.checks) throw new Error(`unexpected answer (HTTP ${response.status})`);
  return body;
}

/**
 * Asks every service for its readiness. A service's checks name the shared dependencies
 * (postgres, redis); the gateway itself holds no database or Redis connection.
 */
export async function aggregateHealth(upstreams: Upstreams, timeoutMs = 2_500): Promise<AggregateHealth> {
  const results = await Promise.all(
    Object.entries(upstreams).map(async ([name, url]) => {
      try {
        return [name, await fetchHealth(url, timeoutMs)] as const;
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
        return [name, reason] as const;
      }
    }),
  );
  const services: AggregateHealth['services'] = {};
  const dependencies: AggregateHealth['dependencies'] = { postgres: 'unknown', redis: 'unknown' };
  for (const [name, result] of results) {
    if (typeof result === 'string') {
      services[name] = { status: 'fail', error: result };
      continue;
    }
    const failedChecks = Object.entries(result.checks).filter(([, check]) => check.status === 'fail');
    services[name] = failedChecks.length
      ? { status: 'fail', error: failedChecks.map(([check, value]) => `${check}: ${value.error ?? 'failing'}`).join('; ') }
      : { status: result.status };
    for (const dependency of ['postgres', 'redis'] as const) {
      const check = result.checks[dependency];
      if (!check) continue;
      if (check.status === 'fail') dependencies[dependency] = 'fail';
      else if (dependencies[dependency] === 'unknown') dependencies[dependency] = 'ok';
    }
  }
  const failing = [
    ...Object.entries(dependencies)
      .filter(([, status]) => status === 'fail')
      .map(([name]) => name),
    ...Object.entries(services)
      .filter(([, service]) => service.status === 'fail')
      .map(([name]) => name),
  ];
  const status = failing.length ? 'fail' : 'ok';
  return { success: status === 'ok', status, failing, services, dependencies };
}
