// @ts-expect-error plain ESM helper shared with `npm start`
import { offsetPorts } from '../../scripts/stack.mjs';

type PortName = 'gateway' | 'checkout' | 'payments' | 'adminOrders' | 'notifications' | 'sandbox' | 'courierSandbox' | 'mailHttp' | 'mailSmtp';

/** Ports of the e2e stack: shifted from `npm start`'s so both can run at once (and moved by PORT_OFFSET). */
export const E2E_PORTS: Record<PortName, number> = offsetPorts({
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
