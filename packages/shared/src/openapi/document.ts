import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import {
  adminLoginSchema,
  adminOrderQuerySchema,
  batchUpdateSchema,
  createOrderPayloadSchema,
  discountCheckPayloadSchema,
  orderIdsQuerySchema,
  phoneOrderPayloadSchema,
  paymentFailedPayloadSchema,
  removeOrdersSchema,
  statusUpdateSchema,
  verifyPaymentPayloadSchema,
} from '../validation.js';
import { batchDispatchSchema, createRefundSchema, deliveryProblemActionSchema, recordDispatchSchema, shipBatchSchema, shipOrderSchema } from '../admin-order-requests.js';
import { trackLinkQuerySchema, trackOrderRequestSchema } from '../tracking-requests.js';
import { complaintListQuerySchema, complaintRequestSchema, resolveComplaintSchema } from '../complaints.js';
import { productStockUpdateSchema } from '../stock.js';
import { discountCodeFormSchema } from '../discount-codes.js';
import { notifyMeRequestSchema } from '../batch-subscriptions.js';
import { catalogueArchiveSchema, catalogueOrderSchema, catalogueProductInputSchema, catalogueProductUpdateSchema } from '../catalogue-input.js';
import { PHOTO_UPLOAD_TYPES, photoOrderSchema, photoQuerySchema } from '../product-photos.js';
import * as answers from './responses.js';

/**
 * The public API as an OpenAPI 3.1 document, generated from the same zod schemas the services
 * validate with (requests) and the response schemas checked against api.ts. `npm run openapi` writes
 * it to docs/api/openapi.json; a test fails when the file and the code drift apart. Server-side and
 * tooling only: the SPA never imports this folder.
 */
export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'adminToken', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
  const error = (description: string) => json(answers.apiErrorSchema, description);
  const admin = { security: [{ [bearer.name]: [] }] };
  const unauthorised = { 401: error('No, expired or revoked admin token') };
  const orderId = z.object({ id: z.uuid().meta({ description: 'The order\'s internal id (`_id`)' }) });
  /** One operation: its method, path and summary, then the rest of what the registry takes. */
  const route = (method: RouteConfig['method'], path: string, summary: string, operation: Omit<RouteConfig, 'method' | 'path' | 'summary'>) =>
    registry.registerPath({ method, path, summary, ...operation });

  route('get', '/api/health', 'Health of every service, PostgreSQL and Redis', {
    responses: { 200: json(answers.apiHealthResponseSchema, 'All healthy'), 503: json(answers.apiHealthResponseSchema, 'Something is failing') },
  });
  route('post', '/api/payment/create-order', 'Price the cart on the server, store the order and create its Razorpay order', {
    request: {
      headers: z.object({ 'idempotency-key': z.string().optional().meta({ description: 'One per checkout attempt: a retry gets the same order back' }) }),
      body: { content: { 'application/json': { schema: createOrderPayloadSchema } } },
    },
    responses: {
      201: json(answers.createOrderResponseSchema, 'The order and its Razorpay order'),
      400: error('Invalid form, cart or price'),
      409: error('The checkout key was used for another cart, this week\'s batch cannot supply the cart (not on sale yet, sold out, fewer jars left), or the discount code cannot be used (`fields.discountCode` says why, e.g. "This code has been used up"): nothing is stored'),
      502: error('Razorpay could not be reached or refused'),
    },
  });
  route('post', '/api/payment/verify-payment', 'Razorpay Checkout succeeded: check the signature and whether the payment was captured', {
    request: { body: { content: { 'application/json': { schema: verifyPaymentPayloadSchema } } } },
    responses: {
      200: json(answers.verifyPaymentResponseSchema, 'Payment authorised or captured'),
      400: json(answers.verifyPaymentResponseSchema, 'Payment verification failed'),
      404: error('Order not found'),
      409: error('Paid, but the order had been closed, or its jars were released and the batch sold out meanwhile: not confirmed, the owner is alerted'),
    },
  });
  route('post', '/api/payment/payment-failed', "Razorpay Checkout reported a failure (a hint: only a still-pending order moves to failed)", {
    request: { body: { content: { 'application/json': { schema: paymentFailedPayloadSchema } } } },
    responses: { 200: json(answers.paymentFailedResponseSchema, 'Recorded'), 400: error('Invalid report'), 404: error('Order not found') },
  });
  route('post', '/api/payment/webhook', "Razorpay's webhooks (payment.*, order.paid, refund.*, payment_link.*), signed over the raw body", {
    request: {
      headers: z.object({ 'x-razorpay-signature': z.string(), 'x-razorpay-event-id': z.string().optional() }),
      body: { content: { 'application/json': { schema: z.object({ event: z.string(), payload: z.record(z.string(), z.unknown()) }).loose() } } },
    },
    responses: { 200: json(answers.webhookResponseSchema, 'Handled (or a duplicate)'), 400: error('Bad signature or body') },
  });
  route('get', '/api/payment/link-callback', "Where Razorpay sends a paid payment link's shopper: a redirect to /payment-success (genuine and paid) or /payment-failed", {
    request: {
      query: z.object({
        razorpay_payment_id: z.string().optional(),
        razorpay_payment_link_id: z.string().optional(),
        razorpay_payment_link_reference_id: z.string().optional(),
        razorpay_payment_link_status: z.string().optional(),
        razorpay_signature: z.string().optional(),
      }),
    },
    responses: { 303: { description: "To /payment-success?order=&payment= when Razorpay's signature holds and the link is paid; /payment-failed otherwise" } },
  });
  route('post', '/api/courier/webhook', "The courier's tracking webhooks (Shiprocket's shape), authenticated by the token in x-api-key; each event stored once by AWB, status and scan time, applied in the order it happened", {
    request: {
      headers: z.object({ 'x-api-key': z.string() }),
      body: { content: { 'application/json': { schema: z.object({ awb: z.string(), current_status: z.string(), shipment_status_id: z.number().optional(), current_timestamp: z.string() }).loose() } } },
    },
    responses: {
      200: json(answers.courierWebhookResponseSchema, 'Taken (also a duplicate, or an AWB this shop did not book)'),
      400: error('Not a tracking webhook'),
      401: error('Invalid webhook token'),
      404: error('No courier is configured'),
    },
  });
  route('post', '/api/admin/login', 'Admin login', {
    request: { body: { content: { 'application/json': { schema: adminLoginSchema } } } },
    responses: { 200: json(answers.adminLoginResponseSchema, 'A token'), 400: error('Missing field'), 401: error('Invalid credentials'), 429: error('Too many attempts') },
  });
  route('post', '/api/admin/logout', 'Revoke the token', { ...admin, responses: { 200: json(answers.successResponseSchema, 'Revoked'), ...unauthorised } });
  route('get', '/api/admin/orders', 'One page of the orders matching the filter, the filter total, the cards and open payment problems', {
    ...admin,
    request: { query: adminOrderQuerySchema },
    responses: { 200: json(answers.adminOrdersResponseSchema, 'The page'), 400: error('Invalid filter'), ...unauthorised },
  });
  route('get', '/api/admin/orders/ids', 'Ids of the orders matching the filter unchanged since asOf (what batch and remove send)', {
    ...admin,
    request: { query: orderIdsQuerySchema },
    responses: { 200: json(answers.orderIdsResponseSchema, 'The ids'), 400: error('Invalid filter or asOf'), ...unauthorised },
  });
  route('get', '/api/admin/orders/export', 'Every order matching the filter, one AdminOrder per line', {
    ...admin,
    request: { query: adminOrderQuerySchema },
    responses: { 200: { description: 'NDJSON stream', content: { 'application/x-ndjson': { schema: answers.adminOrderSchema } } }, ...unauthorised },
  });
  route('get', '/api/admin/orders/{id}/history', "The order's status history", {
    ...admin,
    request: { params: orderId },
    responses: { 200: json(answers.orderHistoryResponseSchema, 'Oldest first'), 404: error('Order not found'), ...unauthorised },
  });
  const notFoundOrder = error('No order matches: an unknown number, the wrong phone or e-mail, or a bad link all answer alike');
  const tooMany = error('Too many lookups (Retry-After says when to try again)');
  route('post', '/api/track', "The shopper's order tracking: the order number and the phone or e-mail used at checkout", {
    request: { body: { content: { 'application/json': { schema: trackOrderRequestSchema } } } },
    responses: { 200: json(answers.trackOrderResponseSchema, 'Where the order is, in plain words'), 400: error('Missing or unreadable order number or contact'), 404: notFoundOrder, 429: tooMany },
  });
  route('get', '/api/track', 'The signed tracking link of the e-mails (t = HMAC of the order number)', {
    request: { query: trackLinkQuerySchema },
    responses: { 200: json(answers.trackOrderResponseSchema, 'Where the order is, in plain words'), 404: notFoundOrder, 429: tooMany },
  });
  const pdf = (description: string) => ({ description, content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } } });
  route('get', '/api/track/invoice', "The shopper's GST tax invoice, by the signed tracking link of the e-mails", {
    request: { query: trackLinkQuerySchema },
    responses: { 200: pdf('The tax invoice (attachment named by its number)'), 404: notFoundOrder, 429: tooMany },
  });
  route('get', '/api/pincodes/{pincode}', "Where India Post's pincode directory puts a pincode (city, state) and how long an order takes to get there; cacheable for a day", {
    request: { params: z.object({ pincode: z.string().meta({ description: 'Six digits', example: '560034' }) }) },
    responses: {
      200: json(answers.pincodeLookupResponseSchema, 'The pincode, its city and state, and the delivery estimate'),
      400: error('Not six digits'),
      404: error("Not in India Post's directory (`fields.pincode` says so, as on create-order)"),
    },
  });
  route('get', '/api/admin/orders/{id}/invoice.pdf', "The order's GST tax invoice", {
    ...admin,
    request: { params: orderId },
    responses: { 200: pdf('The tax invoice'), 404: error('No such order, or no invoice (not paid, or paid before invoicing began)'), ...unauthorised },
  });
  route('get', '/api/admin/orders/{id}/credit-notes/{number}.pdf', 'A credit note of the order (one per processed refund)', {
    ...admin,
    request: { params: orderId.extend({ number: z.string().meta({ description: "The credit note's number with '/' written as '-', e.g. RPC-26-27-000007" }) }) },
    responses: { 200: pdf('The credit note'), 404: error('No such credit note on this order'), ...unauthorised },
  });
  route('get', '/api/admin/orders/{id}', "The order page: priced items, amounts, dispatch, payments, refunds with their state, history, e-mails sent, the statuses it may move to", {
    ...admin,
    request: { params: orderId },
    responses: { 200: json(answers.adminOrderDetailResponseSchema, 'The order'), 404: error('Order not found (or archived)'), ...unauthorised },
  });
  route('put', '/api/admin/orders/{id}/dispatch', "Record (or correct) a paid order's dispatch; the first record e-mails the shopper, corrections do not", {
    ...admin,
    request: { params: orderId, body: { content: { 'application/json': { schema: recordDispatchSchema } } } },
    responses: {
      200: json(answers.recordDispatchResponseSchema, 'The dispatch as recorded'),
      400: error('Invalid courier, AWB or tracking link'),
      404: error('Order not found'),
      409: error('The order is not paid, refunded or cancelled'),
      ...unauthorised,
    },
  });
  route('post', '/api/admin/orders/{id}/ship', "Book a paid order with the courier (create shipment, AWB by the courier's rules or the courierId given, pickup); booked, its dispatch is recorded and the shopper e-mailed. Safe to send again", {
    ...admin,
    request: { params: orderId, body: { content: { 'application/json': { schema: shipOrderSchema } } } },
    responses: {
      200: json(answers.shipOrderResponseSchema, 'Booked (or booked before)'),
      202: json(answers.shipOrderResponseSchema, 'Booking pending: the courier did not answer; the shop keeps trying and the order page shows it'),
      400: error('Invalid courier id'),
      404: error('Order not found, or no courier is configured'),
      409: error('The order may not be shipped (not paid, cancelled, refunded, already dispatched)'),
      422: error('The courier refused the booking (its reason)'),
      ...unauthorised,
    },
  });
  route('get', '/api/admin/orders/{id}/courier-options', "The couriers serving the order's pincode for its parcel's weight (rate, expected days), cheapest first, and the recommended one; or the courier's message when none delivers there", {
    ...admin,
    request: { params: orderId },
    responses: { 200: json(answers.courierOptionsResponseSchema, 'The choices, or not serviceable'), 404: error('Order not found, or no courier is configured'), 503: error('The courier did not answer'), ...unauthorised },
  });
  route('post', '/api/admin/orders/{id}/cancel-shipment', 'Cancel the courier booking before pickup: cancelled at the courier, the dispatch record removed, the order ready to ship again', {
    ...admin,
    request: { params: orderId },
    responses: {
      200: json(answers.cancelShipmentResponseSchema, 'Cancelled'),
      404: error('Order not found, or no courier is configured'),
      409: error('Not booked, already cancelled, or picked up already (the reason)'),
      503: error('The courier did not answer: nothing changed'),
      ...unauthorised,
    },
  });
  route('post', '/api/admin/orders/labels', 'One PDF of the courier labels of the orders given (at most 50); orders without an AWB are listed as missing', {
    ...admin,
    request: { body: { content: { 'application/json': { schema: shipBatchSchema } } } },
    responses: { 200: json(answers.shipmentLabelsResponseSchema, 'Where the PDF is'), 400: error('No orders or too many'), 404: error('None of them has a label, or no courier is configured'), 503: error('The courier did not answer'), ...unauthorised },
  });
  route('post', '/api/admin/orders/ship-batch', 'Ship many paid orders at once (at most 50), each with the courier\'s choice; each order on its own', {
    ...admin,
    request: { body: { content: { 'application/json': { schema: shipBatchSchema } } } },
    responses: { 200: json(answers.shipBatchResponseSchema, 'Orders booked or pending, and orders refused with the reason'), 400: error('No orders or too many'), 404: error('No courier is configured'), ...unauthorised },
  });
  route('get', '/api/admin/delivery-problems', 'Failed deliveries waiting for the owner (reason, attempts, time left: 24 hours), and parcels returning or returned on orders still paid', {
    ...admin,
    responses: { 200: json(answers.deliveryProblemsResponseSchema, 'The queue'), ...unauthorised },
  });
  route('post', '/api/admin/orders/{id}/delivery-problem', "The owner's answer to a failed delivery: re-attempt (with a corrected phone, a note for the delivery agent, a day) or return (final)", {
    ...admin,
    request: { params: orderId, body: { content: { 'application/json': { schema: deliveryProblemActionSchema } } } },
    responses: {
      200: json(answers.deliveryProblemActionResponseSchema, 'Sent to the courier'),
      400: error('Invalid action, phone, note or day'),
      404: error('Not shipped through the courier, or no courier configured'),
      409: error('Not waiting for an answer'),
      422: error('The courier refused'),
      503: error('The courier did not answer'),
      ...unauthorised,
    },
  });
  route('get', '/api/admin/orders/{id}/label', "The courier's shipping label (a PDF to print) of a booked order", {
    ...admin,
    request: { params: orderId },
    responses: { 200: json(answers.shipmentLabelResponseSchema, 'Where the label PDF is'), 404: error('Order not booked with the courier'), 503: error('The courier did not answer'), ...unauthorised },
  });
  route('post', '/api/admin/orders/dispatch-batch', 'Record dispatches from pasted lines "order number, courier, AWB" (comma or tab separated, at most 500); each line on its own', {
    ...admin,
    request: { body: { content: { 'application/json': { schema: batchDispatchSchema } } } },
    responses: { 200: json(answers.batchDispatchResponseSchema, 'Lines recorded and lines refused with the reason'), 400: error('Nothing pasted or too many lines'), ...unauthorised },
  });
  route('post', '/api/admin/orders/{id}/refunds', 'Ask for a refund (rupees, with a reason); the payments service submits it to Razorpay. The same requestKey again returns the same request', {
    ...admin,
    request: { params: orderId, body: { content: { 'application/json': { schema: createRefundSchema } } } },
    responses: {
      201: json(answers.createRefundResponseSchema, 'The refund request, new'),
      200: json(answers.createRefundResponseSchema, 'The request made earlier with this requestKey (nothing more is refunded)'),
      400: error('Invalid amount, reason or requestKey'),
      404: error('Order not found'),
      409: error('The order cannot be refunded, or the amount is more than can still be refunded'),
      ...unauthorised,
    },
  });
  route('post', '/api/admin/phone-orders', 'Place an order taken by phone or WhatsApp and e-mail the shopper its payment link', {
    description:
      'Priced by the server from the catalogue and the discount code (never the browser), placed like a checkout order (payment pending, jars reserved, a Razorpay order), with a Razorpay Payment Link for its total. An Idempotency-Key makes a repeat answer the same order and link, sending nothing again.',
    ...admin,
    request: { body: { content: { 'application/json': { schema: phoneOrderPayloadSchema } } } },
    responses: {
      201: json(answers.paymentLinkResponseSchema, 'The order and its link (e-mailed to the shopper)'),
      200: json(answers.paymentLinkResponseSchema, 'A repeated request: the order and link made the first time'),
      400: error('Invalid details, an unknown or archived product, or a bad Idempotency-Key'),
      409: error('The batch cannot supply the jars, or the discount code cannot be used'),
      502: error('Razorpay could not be reached'),
      ...unauthorised,
    },
  });
  route('post', '/api/admin/orders/{id}/payment-link', 'Make and e-mail a payment link for an unpaid order', {
    description: "For the order's total as stored (the server's price). Allowed while the order may still be paid (mayOwner 'send-payment-link'); an open link is answered again, not replaced.",
    ...admin,
    request: { params: orderId },
    responses: {
      200: json(answers.paymentLinkResponseSchema, 'The link (e-mailed to the shopper when it is new)'),
      404: error('Order not found'),
      409: error('The order is paid or closed: it takes no payment link'),
      502: error('Razorpay could not be reached'),
      ...unauthorised,
    },
  });
  route('post', '/api/admin/orders/{id}/payment-link/cancel', "Cancel the order's open payment link (the order stays unpaid)", {
    ...admin,
    request: { params: orderId },
    responses: {
      200: json(answers.paymentLinkResponseSchema, 'The link, now cancelled'),
      404: error('Order not found'),
      409: error('No open link (none, or already paid, expired or cancelled)'),
      502: error('Razorpay could not be reached'),
      ...unauthorised,
    },
  });
  route('post', '/api/admin/orders/{id}/resend-confirmation', "E-mail a paid order's confirmation to the shopper again", {
    ...admin,
    request: { params: orderId },
    responses: {
      200: json(answers.successResponseSchema, 'The e-mail is on its way'),
      404: error('Order not found'),
      409: error('The order is not paid, or cancelled'),
      429: error('Resent less than a minute ago (Retry-After says when to try again)'),
      ...unauthorised,
    },
  });
  route('patch', '/api/admin/orders/{id}/status', 'Set one order\'s status, as the order lifecycle allows', {
    ...admin,
    request: { params: orderId, body: { content: { 'application/json': { schema: statusUpdateSchema } } } },
    responses: { 200: json(answers.updateStatusResponseSchema, 'The order after the change'), 404: error('Order not found'), 409: error('The lifecycle refuses this move'), ...unauthorised },
  });
  route('patch', '/api/order/batch-update-status', 'Set the given orders to one status; those the lifecycle refuses are reported, not changed', {
    ...admin,
    request: { body: { content: { 'application/json': { schema: batchUpdateSchema } } } },
    responses: { 200: json(answers.batchUpdateResponseSchema, 'What changed and what was refused'), 400: error('Invalid ids or status'), ...unauthorised },
  });
  route('post', '/api/order/remove-multiple', 'Archive the given orders that are finished with no money held', {
    ...admin,
    request: { body: { content: { 'application/json': { schema: removeOrdersSchema } } } },
    responses: { 200: json(answers.removeOrdersResponseSchema, 'How many were archived'), 400: error('Invalid ids'), ...unauthorised },
  });
  route('post', '/api/admin/attention/{id}/resolve', 'Mark a payment problem as dealt with', {
    ...admin,
    request: { params: z.object({ id: z.uuid() }) },
    responses: { 200: json(answers.successResponseSchema, 'Resolved'), 404: error('No such open item'), ...unauthorised },
  });
  route('post', '/api/discount-codes/check', 'What a discount code does for this cart now, priced from the catalogue (advisory: create-order decides again and reserves the use)', {
    request: { body: { content: { 'application/json': { schema: discountCheckPayloadSchema } } } },
    responses: {
      200: json(answers.discountCheckResponseSchema, 'What the code takes off and the total'),
      400: error('Malformed code or cart'),
      409: error("The code cannot be used, in the shopper's words (unknown, paused, not yet started, expired, minimum not reached, used up, already used by this shopper); also in `fields.discountCode`"),
      429: error('Too many codes tried from this client'),
    },
  });
  route('get', '/api/admin/discount-codes', 'Every discount code, newest first, with its uses and the discount it gave paid orders', {
    ...admin,
    responses: { 200: json(answers.adminDiscountCodesResponseSchema, 'The codes'), ...unauthorised },
  });
  route('post', '/api/admin/discount-codes', 'A new discount code, stored upper case; its start and end are India time', {
    ...admin,
    request: { body: { content: { 'application/json': { schema: discountCodeFormSchema } } } },
    responses: { 201: json(answers.adminDiscountCodeResponseSchema, 'The code'), 400: error('Invalid form'), 409: error('A code of that name exists'), ...unauthorised },
  });
  route('put', '/api/admin/discount-codes/{id}', "A code's new terms, or paused / active again (its name stays; orders made keep their discount)", {
    ...admin,
    request: { params: z.object({ id: z.string().meta({ description: "The code's id" }) }), body: { content: { 'application/json': { schema: discountCodeFormSchema } } } },
    responses: { 200: json(answers.adminDiscountCodeResponseSchema, 'The code'), 400: error('Invalid form'), 404: error('No such code'), ...unauthorised },
  });
  route('post', '/api/complaints', "A shopper's complaint: recorded with a ticket number and the grievance rules' two deadlines (acknowledge within 48 hours, resolve within a month); e-mailed to the shopper and the owner", {
    request: { body: { content: { 'application/json': { schema: complaintRequestSchema } } } },
    responses: {
      201: json(answers.submitComplaintResponseSchema, 'The ticket and its deadlines'),
      400: error('Invalid form'),
      429: error('Too many complaints from this client (Retry-After says when to try again)'),
    },
  });
  route('post', '/api/notify-me', '"Tell me when the next batch is ready" for a sold-out or coming-soon product: a new address is sent one confirmation e-mail (another only after a 24-hour cool-down); once confirmed, the next batch opening e-mails it once. The same answer whatever it did (decision 029)', {
    request: { body: { content: { 'application/json': { schema: notifyMeRequestSchema } } } },
    responses: {
      202: json(answers.notifyMeResponseSchema, 'Accepted: the shopper is asked to confirm from their inbox'),
      400: error('Invalid e-mail address or product'),
      404: error('No product with that id'),
      409: error('The product is on sale now'),
      429: error('Too many sign-ups from this client or for this address (Retry-After says when to try again)'),
    },
  });
  const subscriptionLink = z.object({ t: z.string().meta({ description: 'The signed token of the e-mail\'s link' }) });
  const plainPage = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
  route('get', '/api/notify-me/confirm', 'The confirmation link of a next-batch sign-up: a plain page with one button that POSTs to the same address (opening it, as mail scanners do, confirms nothing)', {
    request: { query: subscriptionLink },
    responses: { 200: plainPage('The page with the button (or that it is already confirmed)'), 404: plainPage('The link is not valid (or the sign-up was erased or unsubscribed)'), 429: error('Too many links opened from this client') },
  });
  route('post', '/api/notify-me/confirm', "Confirm a next-batch sign-up (the confirmation page's button); repeating it changes nothing", {
    request: { query: subscriptionLink },
    responses: { 200: plainPage('Confirmed (or already confirmed)'), 404: plainPage('The link is not valid (or the sign-up was erased or unsubscribed)'), 429: error('Too many links opened from this client') },
  });
  route('get', '/api/notify-me/unsubscribe', 'The unsubscribe link: a plain page with one button that POSTs to the same address (opening it changes nothing)', {
    request: { query: subscriptionLink },
    responses: { 200: plainPage('The page with the button'), 404: plainPage('The link is not valid'), 429: error('Too many links opened from this client') },
  });
  route('post', '/api/notify-me/unsubscribe', "Unsubscribe, one click (RFC 8058's List-Unsubscribe-Post, or the page's button); repeating it changes nothing", {
    request: { query: subscriptionLink },
    responses: { 200: plainPage('Unsubscribed'), 404: plainPage('The link is not valid'), 429: error('Too many links opened from this client') },
  });
  const complaintId = z.object({ id: z.uuid().meta({ description: "The complaint's id" }) });
  const notFoundComplaint = error('No complaint with that id');
  route('get', '/api/admin/complaints', 'Complaints under one tab (open by the nearest deadline, resolved newest first; at most 500) and the counts of every tab', {
    ...admin,
    request: { query: complaintListQuerySchema },
    responses: { 200: json(answers.adminComplaintsResponseSchema, 'The list'), 400: error('Invalid state'), ...unauthorised },
  });
  route('post', '/api/admin/complaints/{id}/acknowledge', 'Acknowledge a complaint (the shopper is e-mailed); acknowledging again changes nothing', {
    ...admin,
    request: { params: complaintId },
    responses: { 200: json(answers.adminComplaintResponseSchema, 'The complaint as it now stands'), 404: notFoundComplaint, ...unauthorised },
  });
  route('post', '/api/admin/complaints/{id}/resolve', 'Resolve a complaint with what was done (acknowledging it too if needed); the resolution is e-mailed to the shopper', {
    ...admin,
    request: { params: complaintId, body: { content: { 'application/json': { schema: resolveComplaintSchema } } } },
    responses: {
      200: json(answers.adminComplaintResponseSchema, 'The complaint as it now stands'),
      400: error('Missing or too long resolution'),
      404: notFoundComplaint,
      409: error('Already resolved'),
      ...unauthorised,
    },
  });
  route('get', '/api/catalogue', "The storefront's products as the owner saved them, in the owner's order (cached for 30 seconds)", {
    responses: { 200: json(answers.catalogueResponseSchema, 'One entry per product on the storefront') },
  });
  const productIdParam = z.object({ id: z.string().meta({ description: "The catalogue product's id", example: '3' }) });
  const conflict = error('Someone else saved the product since this version was opened: nothing was saved');
  route('get', '/api/admin/catalogue', "Every product, archived ones too, in the storefront's order", {
    ...admin,
    responses: { 200: json(answers.adminCatalogueResponseSchema, 'The catalogue'), ...unauthorised },
  });
  route('post', '/api/admin/catalogue', 'Add a product at the end of the storefront, coming soon until its batch is set on the Stock page', {
    ...admin,
    request: { body: { content: { 'application/json': { schema: catalogueProductInputSchema } } } },
    responses: { 201: json(answers.adminCatalogueProductResponseSchema, 'The product as saved'), 400: error('A field is missing or wrong; fields names each'), ...unauthorised },
  });
  route('put', '/api/admin/catalogue/{id}', 'Save an edit of a product, made at `version`', {
    ...admin,
    request: { params: productIdParam, body: { content: { 'application/json': { schema: catalogueProductUpdateSchema } } } },
    responses: { 200: json(answers.adminCatalogueProductResponseSchema, 'The product as saved'), 400: error('A field is missing or wrong'), 404: error('No product with that id'), 409: conflict, ...unauthorised },
  });
  route('post', '/api/admin/catalogue/{id}/archive', 'Take a product off the storefront; it can no longer be bought, its orders keep it', {
    ...admin,
    request: { params: productIdParam, body: { content: { 'application/json': { schema: catalogueArchiveSchema } } } },
    responses: { 200: json(answers.adminCatalogueProductResponseSchema, 'The product as saved'), 404: error('No product with that id'), 409: conflict, ...unauthorised },
  });
  route('put', '/api/admin/catalogue/order', "The storefront's order of its products (every product not archived, once)", {
    ...admin,
    request: { body: { content: { 'application/json': { schema: catalogueOrderSchema } } } },
    responses: { 200: json(answers.adminCatalogueResponseSchema, 'The catalogue in its new order'), 409: error('The list does not name every product once'), ...unauthorised },
  });
  route('get', '/api/admin/catalogue/{id}/changes', 'Who changed the product when, before and after, newest first', {
    ...admin,
    request: { params: productIdParam },
    responses: { 200: json(answers.adminProductChangesResponseSchema, 'The change log'), 404: error('No product with that id'), ...unauthorised },
  });
  const photoVersionQuery = photoQuerySchema.pick({ version: true });
  const photoConflict = error('Someone else saved the product since this version was opened, the photo is already there, there are 8 photos already, or the order does not name each photo once: nothing was saved');
  route('post', '/api/admin/catalogue/{id}/photos', 'Add a photo at the end of the product\'s photos (decision 027). The body is the file itself, up to 10 MB; it is decoded (its type alone proves nothing), turned upright, stripped of all metadata and kept as AVIF and WebP at 320, 640, 960 and 1280 px wide. An iPhone\'s HEIC is decoded the same way (decision 035)', {
    ...admin,
    request: {
      params: productIdParam,
      query: photoQuerySchema,
      body: { content: Object.fromEntries(PHOTO_UPLOAD_TYPES.map((type) => [type, { schema: z.string().meta({ format: 'binary' }) }])) },
    },
    responses: {
      201: json(answers.adminCatalogueProductResponseSchema, 'The product with its new version and photos'),
      400: error('No version, alt text too long, or a photo narrower than 320 px'),
      404: error('No product with that id'),
      409: photoConflict,
      413: error('Larger than 10 MB (the message says so)'),
      415: error('Not an image we can read'),
      429: error('Other photos are being prepared; try again in a few seconds'),
      ...unauthorised,
    },
  });
  route('delete', '/api/admin/catalogue/{id}/photos/{photoId}', 'Take a photo off the product (the next one becomes the main photo)', {
    ...admin,
    request: { params: productIdParam.extend({ photoId: z.string().meta({ description: "The photo's id" }) }), query: photoVersionQuery },
    responses: { 200: json(answers.adminCatalogueProductResponseSchema, 'The product with its new version and photos'), 404: error('No product or no such photo on it'), 409: photoConflict, ...unauthorised },
  });
  route('put', '/api/admin/catalogue/{id}/photos/order', "The product's photos in a new order; the first is the main photo", {
    ...admin,
    request: { params: productIdParam, body: { content: { 'application/json': { schema: photoOrderSchema } } } },
    responses: { 200: json(answers.adminCatalogueProductResponseSchema, 'The product with its new version and photos'), 404: error('No product with that id'), 409: photoConflict, ...unauthorised },
  });
  route('get', '/api/catalogue/photos/{file}', 'One variant of a product photo: {id}-{320|640|960|1280}.{avif|webp}. Cache-Control: public, max-age=31536000, immutable; with an ETag', {
    request: { params: z.object({ file: z.string().meta({ example: '3f2a9c0e5b7d41a8-640.avif' }) }) },
    responses: {
      200: { description: 'The image', content: { 'image/avif': { schema: z.string().meta({ format: 'binary' }) }, 'image/webp': { schema: z.string().meta({ format: 'binary' }) } } },
      304: { description: 'Not modified (If-None-Match)' },
      404: error('No such photo, width or format'),
    },
  });
  route('get', '/api/catalogue/availability', "Every product's sale state (on sale, coming soon, sold out) and jars left in this week's batch, live (never cached)", {
    responses: { 200: json(answers.catalogueAvailabilityResponseSchema, 'One entry per catalogue product') },
  });
  route('get', '/api/admin/stock', "Every catalogue product's batch: jars in it, reserved by unpaid orders, sold, left, and the next batch date", {
    ...admin,
    responses: { 200: json(answers.adminStockResponseSchema, 'One entry per catalogue product'), ...unauthorised },
  });
  route('put', '/api/admin/stock/{productId}', "Set a product's sale state, this week's batch (null: no limit) and the next batch date; newBatch starts the sold count again from 0", {
    ...admin,
    request: {
      params: z.object({ productId: z.string().meta({ description: "The catalogue product's id", example: '1' }) }),
      body: { content: { 'application/json': { schema: productStockUpdateSchema } } },
    },
    responses: {
      200: json(answers.adminProductStockResponseSchema, 'The product\'s stock as it now stands'),
      400: error('Invalid state, batch size or date'),
      404: error('No catalogue product with that id'),
      409: error('The batch would be smaller than the jars already reserved and sold'),
      ...unauthorised,
    },
  });

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Royal Pickles API',
      version: '1.0.0',
      description: 'The shop\'s public API behind the gateway. Field names are the product\'s (docs/product.md §3, §7). Money is rupees in these fields, paise where marked.',
    },
    servers: [{ url: '/' }],
  });
}

/** The document as the committed file holds it. */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
