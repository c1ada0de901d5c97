import { z } from 'zod';
import type * as Api from '../api.js';
import type { CreateOrderResponse } from '../validation.js';
import { ATTENTION_KINDS } from '../order-lifecycle.js';
import { ADMIN_SETTABLE_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '../order-status.js';

/**
 * The API's answers as zod schemas, for the OpenAPI document only (the server never parses its own
 * answers). Each is checked at compile time against its TypeScript contract in api.ts: a field added
 * to one and not the other fails `npm run typecheck` (the `Same<...>` lines at the bottom).
 */
const status = z.enum(ORDER_STATUSES);
const paymentStatus = z.enum(PAYMENT_STATUSES);

export const apiErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: 'For people: what went wrong and what to do' }),
    fields: z.record(z.string(), z.string()).optional().meta({ description: 'Field -> message, on validation failures' }),
  })
  .meta({ id: 'ApiError' });

export const createOrderResponseSchema = z
  .object({
    success: z.literal(true),
    keyId: z.string(),
    amount: z.number().int().meta({ description: 'Paise, as Razorpay Checkout expects' }),
    currency: z.literal('INR'),
    razorpayOrderId: z.string(),
    orderId: z.string().meta({ description: 'The readable order number' }),
  })
  .meta({ id: 'CreateOrderResponse' });

export const verifyPaymentResponseSchema = z
  .object({
    success: z.boolean(),
    orderId: z.string().optional(),
    paymentId: z.string().optional(),
    amount: z.number().optional().meta({ description: 'Rupees' }),
    error: z.string().optional(),
  })
  .meta({ id: 'VerifyPaymentResponse' });

export const paymentFailedResponseSchema = z.object({ success: z.literal(true), orderId: z.string(), status }).meta({ id: 'PaymentFailedResponse' });
export const webhookResponseSchema = z.object({ success: z.literal(true), outcome: z.string() }).meta({ id: 'WebhookResponse' });

export const apiHealthResponseSchema = z
  .object({
    success: z.boolean(),
    status: z.enum(['ok', 'fail']),
    failing: z.array(z.string()),
    services: z.record(z.string(), z.object({ status: z.enum(['ok', 'fail']) })),
    dependencies: z.object({ postgres: z.enum(['ok', 'fail', 'unknown']), redis: z.enum(['ok', 'fail', 'unknown']) }),
  })
  .meta({ id: 'ApiHealthResponse' });

export const adminLoginResponseSchema = z.object({ success: z.literal(true), token: z.string(), expiresIn: z.number().int() }).meta({ id: 'AdminLoginResponse' });
export const successResponseSchema = z.object({ success: z.literal(true) }).meta({ id: 'SuccessResponse' });

export const adminOrderSchema = z
  .object({
    _id: z.string().meta({ description: 'Internal id' }),
    orderId: z.string().meta({ description: 'Readable order number' }),
    razorpayPaymentId: z.string().optional(),
    customerInfo: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
    deliveryAddress: z.object({ flatNumber: z.string(), street: z.string(), area: z.string(), city: z.string(), state: z.string(), pincode: z.string() }),
    amount: z.number().meta({ description: 'Rupees' }),
    items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
    status,
    paymentStatus,
    createdAt: z.string(),
    updatedAt: z.string(),
    paidAt: z.string().optional(),
    refundedAmount: z.number().optional().meta({ description: 'Rupees refunded so far' }),
  })
  .meta({ id: 'AdminOrder' });

export const paymentAttentionItemSchema = z
  .object({
    id: z.string(),
    kind: z.enum(ATTENTION_KINDS),
    message: z.string(),
    _id: z.string().optional(),
    orderId: z.string().optional(),
    razorpayOrderId: z.string().nullable(),
    razorpayPaymentId: z.string(),
    amount: z.number(),
    expectedAmount: z.number().optional(),
    createdAt: z.string(),
  })
  .meta({ id: 'PaymentAttentionItem' });

export const adminOrdersResponseSchema = z
  .object({
    success: z.literal(true),
    orders: z.array(adminOrderSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    cards: z.object({ total: z.number().int(), byStatus: z.record(status, z.number().int()), unattended: z.number().int() }),
    asOf: z.string(),
    attention: z.array(paymentAttentionItemSchema),
  })
  .meta({ id: 'AdminOrdersResponse' });

export const orderIdsResponseSchema = z.object({ success: z.literal(true), orderIds: z.array(z.string()) }).meta({ id: 'OrderIdsResponse' });

export const orderHistoryResponseSchema = z
  .object({
    success: z.literal(true),
    history: z.array(
      z.object({
        fromStatus: z.string().nullable(),
        toStatus: z.string(),
        fromPaymentStatus: z.string().nullable(),
        toPaymentStatus: z.string().nullable(),
        changedBy: z.string(),
        reason: z.string().nullable(),
        changedAt: z.string(),
      }),
    ),
  })
  .meta({ id: 'OrderHistoryResponse' });

export const updateStatusResponseSchema = z.object({ success: z.literal(true), order: adminOrderSchema }).meta({ id: 'UpdateStatusResponse' });

export const batchUpdateResponseSchema = z
  .object({
    success: z.literal(true),
    status: z.enum(ADMIN_SETTABLE_STATUSES),
    updatedCount: z.number().int(),
    unchangedCount: z.number().int(),
    refusedCount: z.number().int(),
    refused: z.array(z.object({ _id: z.string(), orderId: z.string(), reason: z.string() })),
  })
  .meta({ id: 'BatchUpdateResponse' });

export const removeOrdersResponseSchema = z
  .object({ success: z.literal(true), removedCount: z.number().int(), refusedCount: z.number().int() })
  .meta({ id: 'RemoveOrdersResponse' });

// ---- compile-time agreement with the TypeScript contracts ----
// Identical types, field by field and all the way down (mutual assignability would let an optional field slip).
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const agree = <T extends true>(value: T) => value;
agree<Same<z.infer<typeof apiErrorSchema>, Api.ApiError>>(true);
agree<Same<z.infer<typeof createOrderResponseSchema>, CreateOrderResponse>>(true);
agree<Same<z.infer<typeof verifyPaymentResponseSchema>, Api.VerifyPaymentResponse>>(true);
agree<Same<z.infer<typeof paymentFailedResponseSchema>, Api.PaymentFailedResponse>>(true);
agree<Same<z.infer<typeof webhookResponseSchema>, Api.WebhookResponse>>(true);
agree<Same<z.infer<typeof apiHealthResponseSchema>, Api.ApiHealthResponse>>(true);
agree<Same<z.infer<typeof adminLoginResponseSchema>, Api.AdminLoginResponse>>(true);
agree<Same<z.infer<typeof successResponseSchema>, Api.AdminLogoutResponse>>(true);
agree<Same<z.infer<typeof successResponseSchema>, Api.ResolveAttentionResponse>>(true);
agree<Same<z.infer<typeof adminOrderSchema>, Api.AdminOrder>>(true);
agree<Same<z.infer<typeof paymentAttentionItemSchema>, Api.PaymentAttentionItem>>(true);
agree<Same<z.infer<typeof adminOrdersResponseSchema>, Api.AdminOrdersResponse>>(true);
agree<Same<z.infer<typeof orderIdsResponseSchema>, Api.OrderIdsResponse>>(true);
agree<Same<z.infer<typeof orderHistoryResponseSchema>, Api.OrderHistoryResponse>>(true);
agree<Same<z.infer<typeof updateStatusResponseSchema>, Api.UpdateStatusResponse>>(true);
agree<Same<z.infer<typeof batchUpdateResponseSchema>, Api.BatchUpdateResponse>>(true);
agree<Same<z.infer<typeof removeOrdersResponseSchema>, Api.RemoveOrdersResponse>>(true);
