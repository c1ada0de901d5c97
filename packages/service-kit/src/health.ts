import type { RequestHandler, Response } from 'express';
import { nameRoute, pathOnly } from './app.js';
import type { ServiceHealthResponse } from '@pickles/shared';

export type HealthCheck = () => Promise<void>;

/** What GET /health answers (packages/shared's ServiceHealthResponse). */
export type HealthReport = ServiceHealthResponse;

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(check: HealthCheck): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    check().then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export async function runHealthChecks(service: string, checks: Record<string, HealthCheck>): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await withTimeout(check);
        return [name, { status: 'ok' as const }] as const;
      } catch (error) {
        return [name, { status: 'fail' as const, error: error instanceof Error ? error.message : String(error) }] as const;
      }
    }),
  );
  const report: HealthReport = { status: 'ok', service, checks: Object.fromEntries(entries) };
  if (entries.some(([, result]) => result.status === 'fail')) report.status = 'fail';
  return report;
}

/**
 * GET /health: readiness, runs every dependency check (503 naming the failing one).
 * GET /alive: liveness, answers as long as the event loop does; never touches PostgreSQL, so a
 * database outage does not make the orchestrator restart every replica.
 * One middleware matching the two paths, not a mounted Router: a Router that matches nothing (every
 * other request) leaves through setImmediate, a turn of the event loop per request.
 */
export function healthRouter(service: string, checks: Record<string, HealthCheck>, isShuttingDown: () => boolean = () => false): RequestHandler {
  const ready = async (res: Response) => {
    const report = await runHealthChecks(service, checks);
    if (isShuttingDown()) report.status = 'fail';
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = pathOnly(req.url);
    if (path === '/health') {
      nameRoute(res, path);
      ready(res).catch(next);
    } else if (path === '/alive') {
      nameRoute(res, path);
      res.json({ status: 'ok', service });
    } else next();
  };
}
