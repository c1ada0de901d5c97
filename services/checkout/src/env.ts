import { baseEnvSchema, portSchema, razorpayEnvSchema } from '@pickles/service-kit';
import { z } from 'zod';

const perWindow = (fallback: number) => z.coerce.number({ error: 'expected a whole number' }).int().min(1).default(fallback);

export const checkoutEnvSchema = baseEnvSchema.extend(razorpayEnvSchema.shape).extend({
  PORT: portSchema(4001),
  /** create-order calls one client may make per minute (each makes a Razorpay order and an order row). */
  CREATE_ORDER_LIMIT_PER_CLIENT: perWindow(10),
  /** create-order calls per customer e-mail address per hour. */
  CREATE_ORDER_LIMIT_PER_EMAIL: perWindow(20),
});
export type CheckoutEnv = z.infer<typeof checkoutEnvSchema>;
