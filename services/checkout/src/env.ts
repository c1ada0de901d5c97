import { baseEnvSchema, portSchema, razorpayEnvSchema } from '@pickles/service-kit';
import type { z } from 'zod';

export const checkoutEnvSchema = baseEnvSchema.extend(razorpayEnvSchema.shape).extend({
  PORT: portSchema(4001),
});
export type CheckoutEnv = z.infer<typeof checkoutEnvSchema>;
