import { z } from 'zod';
import { portSchema, urlSchema } from '@pickles/service-kit';
import { compileTrust } from './client.js';

const oneUrl = urlSchema();

/**
 * A service's replicas: one URL or a comma-separated list (`npm start -- --replicas 2` hands the
 * gateway http://127.0.0.1:4001,http://127.0.0.1:4011). The gateway spreads requests over them.
 */
const replicaUrlsSchema = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.split(',').map((url) => url.trim()).filter(Boolean))
    .refine((urls) => urls.length > 0 && urls.every((url) => oneUrl.safeParse(url).success), { error: 'expected an absolute http(s) URL' });

export const gatewayEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: portSchema(3000),
  /** The gateway is the shop's public entry: all interfaces unless told otherwise. */
  HOST: z.string().min(1).default('0.0.0.0'),
  CHECKOUT_URL: replicaUrlsSchema('http://127.0.0.1:4001'),
  PAYMENTS_URL: replicaUrlsSchema('http://127.0.0.1:4002'),
  ADMIN_ORDERS_URL: replicaUrlsSchema('http://127.0.0.1:4003'),
  NOTIFICATIONS_URL: replicaUrlsSchema('http://127.0.0.1:4004'),
  /** Folder of the built SPA (web/dist). */
  WEB_DIST_DIR: z.string().min(1).default('web/dist'),
  /** Origins allowed to call /api from a browser with credentials, comma-separated. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((origin) => origin.trim()).filter(Boolean))
    .pipe(z.array(z.url({ error: 'expected comma-separated origins such as https://shop.example.in' }))),
  /** Razorpay Checkout script; its origin is admitted by the content security policy. */
  RAZORPAY_CHECKOUT_SCRIPT_URL: urlSchema('https://checkout.razorpay.com/v1/checkout.js'),
  /**
   * Load balancers in front of the gateway whose X-Forwarded-For is believed (comma-separated
   * addresses or CIDRs, Express "trust proxy" syntax), or `none` when clients connect to the gateway
   * directly: then the client is the connection's peer. Production requires one or the other
   * (behind a balancer nobody trusts, every shopper would be one client).
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim() === 'none' ? [] : value.split(',').map((entry) => entry.trim()).filter(Boolean)))
    .refine(
      (entries) => {
        try {
          compileTrust(entries ?? []);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'expected comma-separated addresses or CIDRs of the load balancer (10.0.0.0/8, 192.0.2.10), loopback, or none' },
    ),
  /** Longest wait for an upstream answer before a 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number({ error: 'expected milliseconds' }).int().positive().default(15_000),
  /** Prometheus' port (GET /metrics), beside PORT, so the public port never shows the metrics; 0 = any free port. */
  METRICS_PORT: portSchema(9091),
  /**
   * Where the metrics listener listens: this machine only unless told otherwise (order and payment
   * volumes are the shop's business). Containers set 0.0.0.0, behind a NetworkPolicy that admits
   * only Prometheus.
   */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
}).superRefine((env, ctx) => {
  if (env.NODE_ENV === 'production' && env.TRUSTED_PROXIES === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['TRUSTED_PROXIES'],
      message: "required in production: the load balancer's addresses or CIDRs (its X-Forwarded-For names the shopper), or none when shoppers connect to the gateway directly",
    });
  }
});
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

