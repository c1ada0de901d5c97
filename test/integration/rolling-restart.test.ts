import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReplicaStack, type ReplicaStack } from '../../bench/lib/replica-stack.js';
import { rollingRestart } from '../../bench/lib/rolling-restart.js';
import { offsetPorts } from '../../bench/lib/stack.js';

/** The test's own ports (5000-5099): replica 2 of each service listens 10 above the first. */
const PORTS = offsetPorts({ gateway: 5000, checkout: 5001, payments: 5002, adminOrders: 5003, notifications: 5004, sandbox: 5020, mailHttp: 5021, mailSmtp: 5022 });
const LOG_FILE = path.resolve('.ci/out/rolling-restart-stack.log');

let stack: ReplicaStack;

beforeAll(async () => {
  stack = await startReplicaStack({ ports: PORTS, replicas: 2, logFile: LOG_FILE });
}, 150_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe('a rolling restart under load', () => {
  it('restarts every replica of every service in turn while shoppers buy: no shopper request fails and every paid order is confirmed once', async () => {
    const { log, restarts, confirmations } = await rollingRestart(stack, { shoppers: 4 });

    expect(restarts.map((restart) => restart.name)).toEqual(['checkout', 'checkout-2', 'payments', 'payments-2', 'admin-orders', 'admin-orders-2', 'notifications', 'notifications-2']);
    // Shoppers kept buying all along (a stalled load would prove nothing).
    expect(log.paid.length).toBeGreaterThan(50);
    expect(log.failures, `see ${LOG_FILE}`).toEqual([]);
    expect(confirmations).toMatchObject({ missing: [], duplicated: [], notPaid: [] });
  }, 150_000);
});
