// @ts-expect-error plain ESM helper shared with `npm start`
import { offsetPorts } from '../../scripts/stack.mjs';

type PortName = 'gateway' | 'checkout' | 'payments' | 'adminOrders' | 'notifications' | 'sandbox' | 'courierSandbox' | 'mailHttp' | 'mailSmtp';

/**
 * How many shops the journeys run on side by side: one per Playwright worker, each with its own ports,
 * database, Redis prefix and storefront build, so journeys of different workers never meet (decision
 * 045). E2E_WORKERS overrides the two; a shop named by E2E_BASE_URL is one shop, so one worker.
 */
export const E2E_STACK_COUNT: number = process.env.E2E_BASE_URL ? 1 : stackCount(process.env.E2E_WORKERS ?? '2');

function stackCount(workers: string): number {
  const count = Number(workers);
  // Up to 9: stack k's ports are the first's + 100 × k, and up to there none is a port browsers refuse to fetch.
  if (!Number.isInteger(count) || count < 1 || count > 9) throw new Error(`E2E_WORKERS must be a whole number from 1 to 9 (got ${workers})`);
  return count;
}

/**
 * Ports of stack `index`: shifted from `npm start`'s so both can run at once, each further stack 100
 * up (no two ports of a set differ by a multiple of 100 below 7,000, so stacks never share one), all
 * moved by PORT_OFFSET.
 */
export function e2ePorts(index: number): Record<PortName, number> {
  const first = offsetPorts({
    gateway: 3100,
    checkout: 4101,
    payments: 4102,
    adminOrders: 4103,
    notifications: 4104,
    sandbox: 4110,
    courierSandbox: 4120,
    mailHttp: 8125,
    mailSmtp: 1125,
  });
  return offsetPorts(first, 100 * index);
}

/**
 * This process's stack: a Playwright worker's parallel index (TEST_PARALLEL_INDEX, 0 to workers - 1,
 * kept by the worker that replaces a failed one), and 0 outside a worker.
 */
export const E2E_STACK_INDEX: number = Number(process.env.TEST_PARALLEL_INDEX ?? '0');

/** The ports of this process's stack (the config's baseURL is read in each worker, so it is the worker's own gateway). */
export const E2E_PORTS: Record<PortName, number> = e2ePorts(E2E_STACK_INDEX);
