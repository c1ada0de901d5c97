import { z } from 'zod';
import type * as Api from '../api.js';
import { SHIPMENT_DELIVERY_STATUSES } from '../api.js';
import type { CreateOrderResponse } from '../validation.js';
import { ATTENTION_KINDS } from '../order-lifecycle.js';
import { ADMIN_SETTABLE_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '../order-status.js';
import { COURIER_IDS } from '../couriers.js';
import { COMPLAINT_CATEGORIES, type ComplaintCategory } from '../complaints.js';
import type { NotifyMeResponse } from '../batch-subscriptions.js';

/**
 * The API's answers as zod schemas, for the OpenAPI document only (the server never parses its own
 * answers). Each is checked at compile time against its TypeScript contract in api.ts: a field added
 * to one and not the other fails `npm run typecheck` (the `Same<...>` lines at the bottom).
 */
const status = z.enum(ORDER_STATUSES);

/** A successful answer, named `id` in the document: `success: true` first, then its own fields. */
const answer = <Shape extends z.ZodRawShape>(id: string, shape: Shape) => z.object({ success: z.literal(true), ...shape }).meta({ id });
const paymentStatus = z.enum(PAYMENT_STATUSES);

export const apiErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: 'For people: what went wrong and what to do' }),
    fields: z.record(z.string(), z.string()).optional().meta({ description: 'Field -> message, on validation failures' }),
  })
  .meta({ id: 'ApiError' });

const deliveryZone = z.enum(['local', 'regional', 'national']).meta({ description: 'Within 50 km of the seller, within 500 km, or farther' });
const days = (description: string) => z.tuple([z.number().int(), z.number().int()]).meta({ description: `${description}: [fewest, most] days` });
const indiaDay = (description: string) => z.string().meta({ description: `${description}: an India calendar day, YYYY-MM-DD` });

export const deliveryPromiseSchema = z
  .object({
    zone: deliveryZone,
    from: indiaDay("The day counting starts from: the order's, or once dispatched the dispatch's"),
    earliest: indiaDay('The first day the parcel may arrive'),
    latest: indiaDay('The last day the parcel may arrive'),
    processingDays: days("The shop's preparing and packing").nullable().meta({ description: 'null once dispatched' }),
    courierDays: days("The courier's, by distance from the seller's pincode"),
  })
  .meta({ id: 'DeliveryPromise', description: 'When the parcel arrives (packages/shared/src/delivery-promise.ts)' });

export const createOrderResponseSchema = answer('CreateOrderResponse', {
  keyId: z.string(),
  amount: z.number().int().meta({ description: 'Paise, as Razorpay Checkout expects' }),
  currency: z.literal('INR'),
  razorpayOrderId: z.string(),
  orderId: z.string().meta({ description: 'The readable order number' }),
  paymentWindowSeconds: z.number().int().meta({ description: "How long Razorpay Checkout stays open for it (Checkout's timeout); the order's jars are held a little longer" }),
  deliveryPromise: deliveryPromiseSchema,
});

export const verifyPaymentResponseSchema = z
  .object({
    success: z.boolean(),
    orderId: z.string().optional(),
    paymentId: z.string().optional(),
    amount: z.number().optional().meta({ description: 'Rupees' }),
    error: z.string().optional(),
  })
  .meta({ id: 'VerifyPaymentResponse' });

export const paymentFailedResponseSchema = answer('PaymentFailedResponse', { orderId: z.string(), status });
export const webhookResponseSchema = answer('WebhookResponse', { outcome: z.string() });

export const apiHealthResponseSchema = z
  .object({
    success: z.boolean(),
    status: z.enum(['ok', 'fail']),
    failing: z.array(z.string()),
    services: z.record(z.string(), z.object({ status: z.enum(['ok', 'fail']) })),
    dependencies: z.object({ postgres: z.enum(['ok', 'fail', 'unknown']), redis: z.enum(['ok', 'fail', 'unknown']) }),
  })
  .meta({ id: 'ApiHealthResponse' });

export const adminLoginResponseSchema = answer('AdminLoginResponse', { token: z.string(), expiresIn: z.number().int() });
export const successResponseSchema = answer('SuccessResponse', {});

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
    discount: z.object({ code: z.string(), amount: z.number() }).optional().meta({ description: 'The discount code the order used and what it took off, rupees (decision 028)' }),
    invoice: z
      .object({ number: z.string(), taxableValue: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number(), placeOfSupply: z.string() })
      .optional()
      .meta({ description: "The GST tax invoice's figures in rupees; absent before one is issued" }),
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

export const adminOrdersResponseSchema = answer('AdminOrdersResponse', {
  orders: z.array(adminOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  cards: z.object({ total: z.number().int(), byStatus: z.record(status, z.number().int()), unattended: z.number().int() }),
  asOf: z.string(),
  attention: z.array(paymentAttentionItemSchema),
});

export const orderIdsResponseSchema = answer('OrderIdsResponse', { orderIds: z.array(z.string()) });

export const orderHistoryResponseSchema = answer('OrderHistoryResponse', {
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
});

export const updateStatusResponseSchema = answer('UpdateStatusResponse', { order: adminOrderSchema });

export const batchUpdateResponseSchema = answer('BatchUpdateResponse', {
  status: z.enum(ADMIN_SETTABLE_STATUSES),
  updatedCount: z.number().int(),
  unchangedCount: z.number().int(),
  refusedCount: z.number().int(),
  refused: z.array(z.object({ _id: z.string(), orderId: z.string(), reason: z.string() })),
});

export const removeOrdersResponseSchema = answer('RemoveOrdersResponse', { removedCount: z.number().int(), refusedCount: z.number().int() });

// ---- the admin's order page (decision 010) ----

export const orderDispatchSchema = z
  .object({
    courierId: z.string().meta({ description: `One of ${COURIER_IDS.join(', ')}` }),
    courierName: z.string().meta({ description: "As shoppers read it; for \"other\", what the owner typed" }),
    awb: z.string(),
    trackingUrl: z.string().nullable(),
    dispatchedAt: z.string(),
    recordedBy: z.string(),
    corrections: z.number().int().meta({ description: 'How often the record was corrected after it was first made' }),
  })
  .meta({ id: 'OrderDispatch' });

export const shipmentEventSchema = z
  .object({
    status: z.enum(SHIPMENT_DELIVERY_STATUSES),
    courierStatus: z.string().meta({ description: 'The courier\'s own words ("OUT FOR DELIVERY")' }),
    occurredAt: z.string(),
    reason: z.string().nullable().meta({ description: "An undelivered attempt's reason, as the courier wrote it" }),
    location: z.string().nullable(),
  })
  .meta({ id: 'ShipmentEvent' });

export const orderShipmentSchema = z
  .object({
    state: z
      .enum(['pending', 'booked', 'failed', 'cancelled'])
      .meta({ description: 'pending: being booked or waiting for the courier to answer again (retried); booked: AWB assigned, pickup scheduled; failed: the courier refused (see error); cancelled: the owner cancelled it before pickup' }),
    awb: z.string().nullable(),
    courierName: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    pickupScheduledAt: z.string().nullable(),
    attempts: z.number().int(),
    error: z.string().nullable(),
    requestedAt: z.string(),
    bookedAt: z.string().nullable(),
    deliveryStatus: z.enum(SHIPMENT_DELIVERY_STATUSES).nullable().meta({ description: "The latest courier event's status, by the event's time" }),
    expectedDeliveryAt: z.string().nullable(),
    events: z.array(shipmentEventSchema).meta({ description: 'Oldest first' }),
    cancelledAt: z.string().nullable().meta({ description: 'When the owner cancelled the booking (state cancelled)' }),
  })
  .meta({ id: 'OrderShipment' });

export const courierChoiceSchema = z
  .object({
    courierId: z.number().int(),
    courierName: z.string(),
    ratePaise: z.number().int().meta({ description: "The courier's freight charge for this parcel, integer paise" }),
    estimatedDeliveryDays: z.number().nullable().meta({ description: 'Days from pickup' }),
    expectedDeliveryDay: z.string().nullable().meta({ description: 'India calendar day, YYYY-MM-DD' }),
    rating: z.number().nullable(),
  })
  .meta({ id: 'CourierChoice' });

export const courierOptionsResponseSchema = z
  .union([
    z.object({
      success: z.literal(true),
      serviceable: z.literal(true),
      pincode: z.string(),
      weightKg: z.number(),
      couriers: z.array(courierChoiceSchema).meta({ description: 'Cheapest first' }),
      recommendedCourierId: z.number().int().nullable().meta({ description: 'What "Automatic" books' }),
    }),
    z.object({ success: z.literal(true), serviceable: z.literal(false), pincode: z.string(), weightKg: z.number(), message: z.string() }),
  ])
  .meta({ id: 'CourierOptionsResponse' });

export const cancelShipmentResponseSchema = answer('CancelShipmentResponse', { shipment: orderShipmentSchema });

export const shipmentLabelsResponseSchema = answer('ShipmentLabelsResponse', { url: z.string(), missing: z.array(z.string()).meta({ description: 'Order numbers without a label (not booked, or cancelled)' }) });

export const shipOrderResponseSchema = answer('ShipOrderResponse', { shipment: orderShipmentSchema });

export const shipBatchResponseSchema = answer('ShipBatchResponse', {
  shipped: z.array(z.object({ orderId: z.string(), orderNumber: z.string(), shipment: orderShipmentSchema })),
  refused: z.array(z.object({ orderId: z.string(), orderNumber: z.string().nullable(), reason: z.string() })),
});

export const deliveryProblemsResponseSchema = answer('DeliveryProblemsResponse', {
  problems: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      customerName: z.string(),
      customerPhone: z.string(),
      city: z.string(),
      pincode: z.string(),
      awb: z.string(),
      courierName: z.string().nullable(),
      kind: z.enum(['undelivered', 'returning', 'returned']),
      reason: z.string().nullable(),
      attempts: z.number().int(),
      failedAt: z.string().nullable(),
      actBy: z.string().nullable().meta({ description: '24 hours after the failed attempt (undelivered only)' }),
    }),
  ),
  waitingBookings: z
    .array(
      z.object({
        orderId: z.string(),
        orderNumber: z.string(),
        customerName: z.string(),
        city: z.string(),
        requestedAt: z.string(),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
      }),
    )
    .meta({ description: 'Bookings the courier has not taken for 30 minutes or more, oldest first (retried until booked)' }),
});

export const deliveryProblemActionResponseSchema = answer('DeliveryProblemActionResponse', { action: z.enum(['re-attempt', 'return']) });

export const courierWebhookResponseSchema = answer('CourierWebhookResponse', {});

export const shipmentLabelResponseSchema = answer('ShipmentLabelResponse', { url: z.string().meta({ description: "The courier's label PDF" }) });

export const orderRefundSchema = z
  .object({
    id: z.string().meta({ description: "The refund request's id (Razorpay's refund id for a refund made in its dashboard)" }),
    amount: z.number().meta({ description: 'Rupees' }),
    reason: z.string(),
    requestedBy: z.string(),
    requestedAt: z.string(),
    state: z.enum(['requested', 'pending', 'processed', 'failed', 'refused']),
    razorpayRefundId: z.string().nullable(),
    error: z.string().nullable().meta({ description: "Razorpay's reason, for a refused request" }),
  })
  .meta({ id: 'OrderRefund' });

export const orderTaxDocumentSchema = z
  .object({
    number: z.string().meta({ description: "'RP/26-27/000042' (invoice) or 'RPC/26-27/000007' (credit note)" }),
    issuedAt: z.string(),
    amount: z.number().meta({ description: 'Rupees, tax included: the invoice total, or what the credit note credits' }),
    downloadPath: z.string().meta({ description: "The PDF, with the admin's token" }),
  })
  .meta({ id: 'OrderTaxDocument' });

export const orderPaymentLinkSchema = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: 'The page the shopper opens to pay' }),
    status: z.enum(['created', 'paid', 'expired', 'cancelled']),
    expiresAt: z.string().nullable(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'OrderPaymentLink' });

export const adminOrderDetailResponseSchema = answer('AdminOrderDetailResponse', {
  order: adminOrderSchema.extend({
    items: z.array(z.object({ name: z.string(), quantity: z.number().int(), price: z.number(), total: z.number() })).meta({ description: 'Rupees' }),
    subtotal: z.number(),
    shipping: z.number(),
    discount: z.object({ code: z.string(), amount: z.number() }).optional().meta({ description: 'The discount code the order used and what it took off, rupees (decision 028)' }),
  }),
  dispatch: orderDispatchSchema.nullable(),
  shipment: orderShipmentSchema.nullable().optional().meta({ description: 'The courier booking and its tracking events; null when not shipped through the courier' }),
  canShip: z.boolean().optional().meta({ description: 'Ship is offered: a courier is configured and the order may be shipped' }),
  canCancelShipment: z.boolean().optional().meta({ description: 'Cancel booking is offered: booked with the courier and not yet picked up' }),
  payments: z.array(z.object({ razorpayPaymentId: z.string(), status: z.string(), amount: z.number(), method: z.string().nullable(), createdAt: z.string() })),
  refunds: z.array(orderRefundSchema),
  refundable: z.number().meta({ description: 'Rupees that may still be refunded (0 when the order cannot be refunded)' }),
  history: orderHistoryResponseSchema.shape.history,
  emails: z.array(z.object({ kind: z.string(), recipient: z.string(), state: z.enum(['sending', 'sent', 'superseded']), sentAt: z.string() })),
  statusChoices: z.array(z.enum(ADMIN_SETTABLE_STATUSES)),
  invoice: orderTaxDocumentSchema.nullable().optional().meta({ description: 'The GST tax invoice, issued when the order was paid; null when it has none' }),
  creditNotes: z
    .array(orderTaxDocumentSchema.extend({ razorpayRefundId: z.string() }))
    .optional()
    .meta({ description: 'One credit note per processed refund of the invoiced payment, oldest first' }),
  paymentLink: orderPaymentLinkSchema.nullable().optional().meta({ description: "The order's latest payment link; null without one" }),
  canSendPaymentLink: z.boolean().optional(),
});

export const paymentLinkResponseSchema = answer('PaymentLinkResponse', {
  _id: z.string(),
  orderId: z.string(),
  amount: z.number().meta({ description: "What the link asks for, in rupees: the order's total as the server priced it" }),
  discount: z.object({ code: z.string(), amount: z.number() }).optional(),
  paymentLink: orderPaymentLinkSchema,
  created: z.boolean().meta({ description: 'False when the request repeated an earlier one: nothing new was made or sent' }),
});

export const recordDispatchResponseSchema = answer('RecordDispatchResponse', { dispatch: orderDispatchSchema, created: z.boolean().meta({ description: 'True the first time (the shopper is e-mailed), false for a correction' }) });

export const batchDispatchResponseSchema = answer('BatchDispatchResponse', {
  recorded: z.array(z.object({ orderId: z.string().meta({ description: 'The readable order number' }), awb: z.string(), created: z.boolean() })),
  refused: z.array(z.object({ line: z.number().int().meta({ description: '1-based' }), text: z.string(), reason: z.string() })),
});

export const createRefundResponseSchema = answer('CreateRefundResponse', { refund: orderRefundSchema, created: z.boolean().meta({ description: 'False when the requestKey was seen before: the earlier request, nothing new refunded' }) });

export const trackOrderResponseSchema = answer('TrackOrderResponse', {
  orderNumber: z.string(),
  placedAt: z.string(),
  stage: z.enum(['awaiting-payment', 'payment-failed', 'paid', 'dispatched', 'delivered', 'cancelled', 'refunded']),
  headline: z.string().meta({ description: 'One sentence: where the order is' }),
  next: z.string().meta({ description: 'One sentence: what happens next' }),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  amount: z.number().meta({ description: 'Rupees' }),
  dispatch: z.object({ courierName: z.string(), awb: z.string(), trackingUrl: z.string().nullable(), dispatchedAt: z.string() }).nullable(),
  refunds: z.array(z.object({ amount: z.number(), state: z.enum(['in-progress', 'processed', 'failed']), requestedAt: z.string() })),
  invoiceNumber: z.string().nullable().meta({ description: "The order's GST tax invoice number, null until issued; the PDF is at /api/track/invoice" }),
  deliveryPromise: deliveryPromiseSchema.nullable().meta({ description: 'Until dispatch from the order\'s day, then the courier\'s part from the dispatch\'s (or the courier\'s own expected day once it gives one); null once delivered, cancelled, refunded or unpaid' }),
  courierEvents: z
    .array(z.object({ status: z.enum(SHIPMENT_DELIVERY_STATUSES), occurredAt: z.string(), reason: z.string().nullable() }))
    .meta({ description: "The courier's events, oldest first; a failed attempt carries its reason" }),
});

export const pincodeLookupResponseSchema = answer('PincodeLookupResponse', {
  pincode: z.string(),
  city: z.string().meta({ description: "The city shoppers write for the pincode ('Bengaluru', 'Noida', 'New Town'): what the checkout fills in" }),
  state: z.string().meta({ description: 'The canonical state name' }),
  stateCode: z.string().meta({ description: "GST state code ('29')" }),
  estimate: z
    .object({
      processingDays: days("The shop's preparing and packing"),
      deliveryDays: days("The courier's, by distance from the seller's pincode"),
      totalDays: days('From payment to the door'),
      zone: deliveryZone,
    })
    .meta({ id: 'DeliveryEstimate' }),
});

// ---- complaints ----

export const submitComplaintResponseSchema = answer('SubmitComplaintResponse', {
  ticketNumber: z.string().meta({ description: "'GRV-261123-0042': the India date it arrived and a sequence number" }),
  receivedAt: z.string(),
  acknowledgeBy: z.string().meta({ description: '48 hours after receipt' }),
  resolveBy: z.string().meta({ description: 'One calendar month after receipt (India time)' }),
});

const complaintCategory = z.enum(COMPLAINT_CATEGORIES.map((category) => category.id) as [ComplaintCategory, ...ComplaintCategory[]]);

export const adminComplaintSchema = z
  .object({
    id: z.string(),
    ticketNumber: z.string(),
    receivedAt: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    orderNumber: z.string().nullable(),
    orderId: z.string().nullable().meta({ description: "The matched order's id, null when none matched or it was archived" }),
    category: complaintCategory,
    message: z.string(),
    state: z.enum(['open', 'resolved']),
    acknowledgeBy: z.string(),
    acknowledgedAt: z.string().nullable(),
    acknowledgedBy: z.string().nullable(),
    resolveBy: z.string(),
    resolvedAt: z.string().nullable(),
    resolvedBy: z.string().nullable(),
    resolution: z.string().nullable(),
    late: z
      .object({ acknowledgement: z.boolean(), resolution: z.boolean() })
      .meta({ description: 'A deadline that passed before the step was done (or is still not done), judged at the answer\'s asOf' }),
  })
  .meta({ id: 'AdminComplaint' });

export const adminComplaintsResponseSchema = answer('AdminComplaintsResponse', {
  asOf: z.string(),
  complaints: z.array(adminComplaintSchema),
  counts: z
    .object({ open: z.number().int(), late: z.number().int(), resolved: z.number().int() })
    .meta({ description: 'Over every complaint, whatever the filter; late: open complaints that missed a deadline' }),
});

export const adminComplaintResponseSchema = answer('AdminComplaintResponse', { complaint: adminComplaintSchema });

// ---- the catalogue (decision 024) ----

const optionalText = (description: string) => z.string().optional().meta({ description });

export const productPhotoSchema = z
  .object({
    id: z.string().meta({ description: 'Hex SHA-256 of the original upload; the variants are /api/catalogue/photos/{id}-{320|640|960|1280}.{avif|webp}' }),
    alt: z.string(),
    width: z.number().int().meta({ description: 'Width of the largest variant, in pixels' }),
    height: z.number().int().meta({ description: 'Height of the largest variant, in pixels' }),
  })
  .meta({ id: 'ProductPhoto' });

export const storefrontProductSchema = z
  .object({
    id: z.number().int(),
    slug: z.string().optional().meta({ description: 'The product page: /shop/{slug}' }),
    name: z.string(),
    image: z.string().meta({ description: 'The drawing shown when there is no photograph' }),
    title: z.string(),
    displayprice: z.number().optional().meta({ description: 'Struck-through price in rupees' }),
    price: z.number().meta({ description: 'Selling price in rupees, MRP inclusive of GST' }),
    weight: z.string().meta({ description: 'Pack label' }),
    weight2: z.number().int().meta({ description: 'Net quantity in grams' }),
    description: z.string(),
    discount_name: optionalText('The label of the struck-through price'),
    coming_soon: z.boolean().meta({ description: "Not on sale now (the batch stock's state)" }),
    diet: z.enum(['vegetarian', 'non-vegetarian']).optional(),
    ingredients: optionalText('In descending order of weight'),
    allergens: optionalText('Allergens'),
    storage: optionalText('Storage'),
    bestBefore: optionalText('Best before, from the date of packing'),
    countryOfOrigin: optionalText('Country of origin'),
    hsn: optionalText('HSN code'),
    gstRatePercent: z.number().optional().meta({ description: 'GST rate in percent' }),
    photos: z.array(productPhotoSchema).optional().meta({ description: 'The photos in order, the main one first; none: show `image`' }),
  })
  .meta({ id: 'StorefrontProduct' });

export const catalogueProductSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    position: z.number().int(),
    name: z.string(),
    title: z.string(),
    description: z.string(),
    pricePaise: z.number().int().meta({ description: 'MRP inclusive of GST, in paise' }),
    displayPricePaise: z.number().int().nullable(),
    discountLabel: z.string().nullable(),
    packLabel: z.string(),
    netGrams: z.number().int(),
    art: z.string().nullable(),
    diet: z.enum(['vegetarian', 'non-vegetarian']),
    ingredients: z.string(),
    allergens: z.string(),
    storage: z.string(),
    bestBefore: z.string(),
    countryOfOrigin: z.string(),
    hsn: z.string(),
    gstRatePercent: z.number(),
    archived: z.boolean(),
    version: z.number().int().meta({ description: 'Send it back with an edit: a newer one on the server is a 409' }),
    photos: z.array(productPhotoSchema).meta({ description: 'The photos in order; the first is the main photo (decision 027)' }),
  })
  .meta({ id: 'CatalogueProduct' });

export const adminCatalogueResponseSchema = answer('AdminCatalogueResponse', { products: z.array(catalogueProductSchema) });
export const adminCatalogueProductResponseSchema = answer('AdminCatalogueProductResponse', { product: catalogueProductSchema });
export const adminProductChangesResponseSchema = answer('AdminProductChangesResponse', {
  changes: z.array(
    z.object({
      version: z.number().int(),
      changedAt: z.string(),
      changedBy: z.string(),
      before: catalogueProductSchema.partial().nullable(),
      after: catalogueProductSchema.partial(),
    }),
  ),
});

export const catalogueResponseSchema = answer('CatalogueResponse', { products: z.array(storefrontProductSchema) });

// ---- batch stock (decision 012) ----

const leftJars = z.number().int().nullable();
const nextBatchDate = z.string().nullable().meta({ description: "'YYYY-MM-DD' (India date) of the next batch, when the owner gave one" });

export const catalogueAvailabilityResponseSchema = answer('CatalogueAvailabilityResponse', {
  asOf: z.string(),
  products: z.array(
    z
      .object({
        productId: z.number().int(),
        state: z.enum(['on-sale', 'coming-soon', 'sold-out']),
        left: leftJars.meta({ description: 'Jars a shopper may still buy; null when the owner set no limit, 0 when sold out or coming soon' }),
        nextBatchDate,
      })
      .meta({ id: 'ProductAvailability' }),
  ),
});

export const adminProductStockSchema = z
  .object({
    productId: z.number().int(),
    name: z.string(),
    state: z.enum(['on-sale', 'coming-soon']),
    batchJars: z.number().int().nullable().meta({ description: "The current batch's jars; null: no limit" }),
    reserved: z.number().int().meta({ description: 'Held by orders not paid yet' }),
    sold: z.number().int().meta({ description: 'Paid in this batch' }),
    left: leftJars.meta({ description: 'batchJars - reserved - sold; null when there is no limit' }),
    nextBatchDate,
    updatedAt: z.string(),
    updatedBy: z.string(),
    subscribers: z
      .object({
        waiting: z.number().int().meta({ description: 'Confirmed sign-ups the next batch opening will e-mail' }),
        toldAtLastOpening: z.number().int().meta({ description: 'Sign-ups the last batch opening e-mailed' }),
      })
      .meta({ description: '"Tell me when the next batch is ready" (decision 029)' }),
  })
  .meta({ id: 'AdminProductStock' });

export const adminStockResponseSchema = answer('AdminStockResponse', { products: z.array(adminProductStockSchema) });
export const adminProductStockResponseSchema = answer('AdminProductStockResponse', { product: adminProductStockSchema, told: z.number().int().meta({ description: 'Subscribers this save e-mailed (a batch opened); 0 when it opened none' }) });

export const notifyMeResponseSchema = answer('NotifyMeResponse', { message: z.string().meta({ description: 'What the form shows: check your inbox' }) });

export const discountCheckResponseSchema = answer('DiscountCheckResponse', {
  code: z.string().meta({ description: 'The code as stored (upper case)' }),
  summary: z.string().meta({ description: "'LAUNCH10: 10% off — you save ₹160.50'" }),
  subtotalPaise: z.number().int(),
  shippingPaise: z.number().int(),
  discountPaise: z.number().int(),
  shippingDiscountPaise: z.number().int(),
  totalPaise: z.number().int(),
});

export const adminDiscountCodeSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    kind: z.enum(['percent', 'fixed', 'free-shipping']),
    percent: z.number().int().nullable(),
    amountPaise: z.number().int().nullable(),
    minOrderPaise: z.number().int(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    maxUses: z.number().int().nullable(),
    maxUsesPerShopper: z.number().int().nullable(),
    active: z.boolean(),
    offer: z.string(),
    uses: z.number().int().meta({ description: 'Uses counting against the limit now: paid, and reserved by orders awaiting payment' }),
    paidUses: z.number().int(),
    discountGivenPaise: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminDiscountCode' });
export const adminDiscountCodesResponseSchema = answer('AdminDiscountCodesResponse', { codes: z.array(adminDiscountCodeSchema) });
export const adminDiscountCodeResponseSchema = answer('AdminDiscountCodeResponse', { code: adminDiscountCodeSchema });

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
agree<Same<z.infer<typeof orderDispatchSchema>, Api.OrderDispatch>>(true);
agree<Same<z.infer<typeof orderRefundSchema>, Api.OrderRefund>>(true);
agree<Same<z.infer<typeof orderTaxDocumentSchema>, Api.OrderTaxDocument>>(true);
// The contract's order is Omit<AdminOrder, 'items'> & {priced items}, an intersection Same cannot equate to the flat
// schema: the rest of the answer is compared exactly, the order both ways (each assignable to the other).
type Detail = z.infer<typeof adminOrderDetailResponseSchema>;
type Assignable<A, B> = [A] extends [B] ? true : false;
agree<Same<Omit<Detail, 'order'>, Omit<Api.AdminOrderDetailResponse, 'order'>>>(true);
agree<Assignable<Detail['order'], Api.AdminOrderDetailResponse['order']>>(true);
agree<Assignable<Api.AdminOrderDetailResponse['order'], Detail['order']>>(true);
agree<Same<keyof Detail['order'], keyof Api.AdminOrderDetailResponse['order']>>(true);
agree<Same<z.infer<typeof recordDispatchResponseSchema>, Api.RecordDispatchResponse>>(true);
agree<Same<z.infer<typeof paymentLinkResponseSchema>, Api.PaymentLinkResponse>>(true);
agree<Same<z.infer<typeof shipOrderResponseSchema>, Api.ShipOrderResponse>>(true);
agree<Same<z.infer<typeof shipBatchResponseSchema>, Api.ShipBatchResponse>>(true);
agree<Same<z.infer<typeof shipmentLabelResponseSchema>, Api.ShipmentLabelResponse>>(true);
agree<Same<z.infer<typeof courierWebhookResponseSchema>, Api.CourierWebhookResponse>>(true);
agree<Same<z.infer<typeof deliveryProblemsResponseSchema>, Api.DeliveryProblemsResponse>>(true);
agree<Same<z.infer<typeof deliveryProblemActionResponseSchema>, Api.DeliveryProblemActionResponse>>(true);
agree<Same<z.infer<typeof batchDispatchResponseSchema>, Api.BatchDispatchResponse>>(true);
agree<Same<z.infer<typeof createRefundResponseSchema>, Api.CreateRefundResponse>>(true);
agree<Same<z.infer<typeof successResponseSchema>, Api.ResendConfirmationResponse>>(true);
agree<Same<z.infer<typeof trackOrderResponseSchema>, Api.TrackOrderResponse>>(true);
agree<Same<z.infer<typeof pincodeLookupResponseSchema>, Api.PincodeLookupResponse>>(true);
agree<Same<z.infer<typeof submitComplaintResponseSchema>, Api.SubmitComplaintResponse>>(true);
agree<Same<z.infer<typeof adminComplaintSchema>, Api.AdminComplaint>>(true);
agree<Same<z.infer<typeof adminComplaintsResponseSchema>, Api.AdminComplaintsResponse>>(true);
agree<Same<z.infer<typeof adminComplaintResponseSchema>, Api.AdminComplaintResponse>>(true);
agree<Same<z.infer<typeof catalogueAvailabilityResponseSchema>, Api.CatalogueAvailabilityResponse>>(true);
agree<Same<z.infer<typeof catalogueResponseSchema>, Api.CatalogueResponse>>(true);
agree<Same<z.infer<typeof adminCatalogueResponseSchema>, Api.AdminCatalogueResponse>>(true);
agree<Same<z.infer<typeof adminCatalogueProductResponseSchema>, Api.AdminCatalogueProductResponse>>(true);
agree<Same<z.infer<typeof adminProductChangesResponseSchema>, Api.AdminProductChangesResponse>>(true);
agree<Same<z.infer<typeof adminProductStockSchema>, Api.AdminProductStock>>(true);
agree<Same<z.infer<typeof adminStockResponseSchema>, Api.AdminStockResponse>>(true);
agree<Same<z.infer<typeof adminProductStockResponseSchema>, Api.AdminProductStockResponse>>(true);
agree<Same<z.infer<typeof discountCheckResponseSchema>, Api.DiscountCheckResponse>>(true);
agree<Same<z.infer<typeof adminDiscountCodeSchema>, Api.AdminDiscountCode>>(true);
agree<Same<z.infer<typeof adminDiscountCodesResponseSchema>, Api.AdminDiscountCodesResponse>>(true);
agree<Same<z.infer<typeof adminDiscountCodeResponseSchema>, Api.AdminDiscountCodeResponse>>(true);
agree<Same<z.infer<typeof notifyMeResponseSchema>, NotifyMeResponse>>(true);
