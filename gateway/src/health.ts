import type { HealthReport } from '@pickles/service-kit';
import type { ApiHealthResponse } from '@pickles/shared';

/** Each service's replica URLs. */
export type Upstreams = Record<string, readonly string[]>;

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

type ReplicaAnswer = { url: string; report: HealthReport } | { url: string; unreachable: string };

async function askReplica(url: string, timeoutMs: number): Promise<ReplicaAnswer> {
  try {
    return { url, report: await fetchHealth(url, timeoutMs) };
  } catch (error) {
    return { url, unreachable: error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable' };
  }
}

/** Why one replica is not ready, for the log; undefined when it is. */
function replicaProblem(answer: ReplicaAnswer): string | undefined {
  if ('unreachable' in answer) return answer.unreachable;
  const failedChecks = Object.entries(answer.report.checks).filter(([, check]) => check.status === 'fail');
  if (failedChecks.length) return failedChecks.map(([check, value]) => `${check}: ${value.error ?? 'failing'}`).join('; ');
  // Every check passes but the replica says fail: it is shutting down (service-kit's drain).
  return answer.report.status === 'ok' ? undefined : 'shutting down';
}

/**
 * Asks every replica of every service for its readiness. A service is ok when at least one of its
 * replicas is ready: the gateway steers requests away from a replica that refuses connections or is
 * draining, so the shop works while one replica restarts (the log names the failing replicas). A
 * service's checks name the shared dependencies (postgres, redis): one that fails for any replica
 * fails, since requests reaching that replica fail. The gateway itself holds no database or Redis
 * connection.
 */
export async function aggregateHealth(upstreams: Upstreams, timeoutMs = 2_500): Promise<AggregateHealth> {
  const results = await Promise.all(
    Object.entries(upstreams).map(async ([name, urls]) => [name, await Promise.all(urls.map((url) => askReplica(url, timeoutMs)))] as const),
  );
  const services: AggregateHealth['services'] = {};
  const dependencies: AggregateHealth['dependencies'] = { postgres: 'unknown', redis: 'unknown' };
  for (const [name, answers] of results) {
    const problems = answers.map((answer) => [answer.url, replicaProblem(answer)] as const).filter(([, problem]) => problem !== undefined);
    const label = (url: string) => (answers.length > 1 ? `${url}: ` : '');
    const error = problems.map(([url, problem]) => `${label(url)}${problem}`).join('; ') || undefined;
    services[name] = problems.length < answers.length ? { status: 'ok', ...(error ? { error } : {}) } : { status: 'fail', error };
    for (const answer of answers) {
      if (!('report' in answer)) continue;
      for (const dependency of ['postgres', 'redis'] as const) {
        const check = answer.report.checks[dependency];
        if (!check) continue;
        if (check.status === 'fail') dependencies[dependency] = 'fail';
        else if (dependencies[dependency] === 'unknown') dependencies[dependency] = 'ok';
      }
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
