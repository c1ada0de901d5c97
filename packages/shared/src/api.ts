/** Shapes of API answers shared by the SPA and the services. */
import type { DeliveryAddress } from './address.js';
import type { DeliveryPromise, DeliveryZone } from './delivery-promise.js';

export type { DeliveryPromise, DeliveryZone };

export interface ApiError {
  success: false;
  error: string;
  /** Field -> message, on validation failures. */
  fields?: Record<string, string>;
}

export interface VerifyPaymentResponse {
  success: boolean;
  orderId?: string;
  paymentId?: string;
  /** Rupees. */
  amount?: number;
  error?: string;
}

/** An order as the admin API returns it (docs/product.md §3, "Order (admin)"). Amounts in rupees. */
export interface AdminOrder {
  _id: string;
  orderId: string;
  razorpayPaymentId?: string;
  customerInfo: { name: string; email: string; phone: string };
  deliveryAddress: DeliveryAddress;
  amount: number;
  items: { name: string; quantity: number }[];
  status: import('./order-status.js').OrderStatus;
  paymentStatus: import('./order-status.js').PaymentStatus;
  createdAt: string;
  updatedAt: string;
  paidAt?: string;
  /** Rupees refunded so far (processed refunds); absent when nothing was refunded. */
  refundedAmount?: number;
  /** The discount code the order used and what it took off (rupees; decision 028); absent without one. */
  discount?: { code: string; amount: number };
  /** The GST tax invoice's figures (rupees), for the accountant's GSTR-1; absent before one is issued. */
  invoice?: AdminOrderInvoice;
}

/** What the Excel export needs of an order's tax invoice (docs/decisions/011). Amounts in rupees. */
export interface AdminOrderInvoice {
  number: string;
  taxableValue: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** The delivery state as printed, with its GST code when recognised: "Maharashtra (27)". */
  placeOfSupply: string;
}

/** The panel's aggregation cards: over every order on the panel (archived ones excluded), not the filter. */
export interface AdminOrderCards {
  total: number;
  byStatus: Record<import('./order-status.js').OrderStatus, number>;
  /** created/pending/paid and older than 3 days. */
  unattended: number;
}

/** GET /api/admin/orders. `total` counts the orders matching the filter (all pages). */
export interface AdminOrdersResponse {
  success: true;
  orders: AdminOrder[];
  total: number;
  page: number;
  pageSize: number;
  cards: AdminOrderCards;
  /** The server's time of this answer: bulk actions act only on orders unchanged since (see OrderIdsResponse). */
  asOf: string;
  /** Open payment problems, newest first (at most 50). */
  attention: PaymentAttentionItem[];
}

/**
 * Money that landed where it should not (order-lifecycle.ts, ATTENTION_KINDS), shown to the owner
 * until marked resolved. Amounts in rupees.
 */
export interface PaymentAttentionItem {
  id: string;
  kind: import('./order-lifecycle.js').AttentionKind;
  /** What happened and what to do, for people. */
  message: string;
  /** The order's internal id and readable number (the API's usual `_id` / `orderId`), when the shop knows it. */
  _id?: string;
  orderId?: string;
  razorpayOrderId: string | null;
  razorpayPaymentId: string;
  amount: number;
  /** The order's amount, when it differs from what was captured. */
  expectedAmount?: number;
  createdAt: string;
}

/** POST /api/admin/attention/{id}/resolve */
export interface ResolveAttentionResponse {
  success: true;
}

/**
 * GET /api/admin/orders/ids?<filter>&asOf=<AdminOrdersResponse.asOf>[&removable=true]: the ids of the
 * orders matching the filter that have not changed since `asOf` (what the owner saw), for the
 * spec's batch and remove calls. `removable=true` keeps only orders Remove may archive.
 */
export interface OrderIdsResponse {
  success: true;
  orderIds: string[];
}

/** An order a bulk action left alone, and why. */
export interface RefusedOrder {
  _id: string;
  orderId: string;
  reason: string;
}

/** PATCH /api/order/batch-update-status { orderIds, status } */
export interface BatchUpdateResponse {
  success: true;
  status: import('./order-status.js').AdminSettableStatus;
  /** Orders that changed to `status`. */
  updatedCount: number;
  /** Orders that already had it. */
  unchangedCount: number;
  /** Orders the lifecycle does not let the owner move (payment pending or failed, ...), or that no longer exist. */
  refusedCount: number;
  /** The first 100 of those, with the reason. */
  refused: RefusedOrder[];
}

/** POST /api/order/remove-multiple { orderIds } */
export interface RemoveOrdersResponse {
  success: true;
  removedCount: number;
  /** Ids given that were not removed: not finished, money still held, or already gone. */
  refusedCount: number;
}

/** PATCH /api/admin/orders/{id}/status */
export interface UpdateStatusResponse {
  success: true;
  order: AdminOrder;
}

/** One recorded status change of an order (GET /api/admin/orders/{id}/history). */
export interface OrderHistoryEntry {
  fromStatus: string | null;
  toStatus: string;
  fromPaymentStatus: string | null;
  toPaymentStatus: string | null;
  changedBy: string;
  reason: string | null;
  changedAt: string;
}

/** POST /api/payment/payment-failed: the order's readable number and its status after the report. */
export interface PaymentFailedResponse {
  success: true;
  orderId: string;
  status: import('./order-status.js').OrderStatus;
}

/** POST /api/payment/webhook: what the event did, for Razorpay's delivery log and ours. */
export interface WebhookResponse {
  success: true;
  /** duplicate, ignored, unusable (signed, but not a body the shop can use), attention:<kind>, archived-order, none-order, <status>/<payment status> or unchanged. */
  outcome: string;
}

/** POST /api/admin/login. The SPA goes to the panel only when both success and token are present (spec). */
export interface AdminLoginResponse {
  success: true;
  token: string;
  /** Seconds until the token expires. */
  expiresIn: number;
}

/** POST /api/admin/logout: the token is revoked. */
export interface AdminLogoutResponse {
  success: true;
}

/** GET /api/admin/orders/{id}/history */
export interface OrderHistoryResponse {
  success: true;
  history: OrderHistoryEntry[];
}

/** GET /health of every process: readiness, with each dependency's check. */
export interface ServiceHealthResponse {
  status: 'ok' | 'fail';
  service: string;
  checks: Record<string, { status: 'ok' | 'fail'; error?: string }>;
}

/**
 * GET /api/health, public: ok or failing, and which part. Why a part fails (host names, database
 * roles, driver messages) stays in the gateway's log and the services' internal /health probes.
 */
export interface ApiHealthResponse {
  success: boolean;
  status: 'ok' | 'fail';
  /** Names of the failing parts: services, "postgres", "redis". */
  failing: string[];
  services: Record<string, { status: 'ok' | 'fail' }>;
  dependencies: Record<'postgres' | 'redis', 'ok' | 'fail' | 'unknown'>;
}

// ---- After the payment: dispatch, refunds, the order page and tracking (docs/decisions/010) ----

/** The courier record of a shipped order (a record on the order, not a status). */
export interface OrderDispatch {
  /** An id of couriers.ts (COURIERS), e.g. "delhivery", or "other". */
  courierId: string;
  /** The courier's name as shoppers read it ("Delhivery"; for "other", what the owner typed). */
  courierName: string;
  awb: string;
  /** The courier's public tracking page for this AWB, when known. */
  trackingUrl: string | null;
  dispatchedAt: string;
  recordedBy: string;
  /** How often the record was corrected after it was first made. */
  corrections: number;
}

/** The courier's tracking status of a shipment, in the shop's words; @pickles/courier-client maps Shiprocket's statuses onto it. */
export const SHIPMENT_DELIVERY_STATUSES = [
  'pickup-scheduled',
  'picked-up',
  'in-transit',
  'out-for-delivery',
  'delivered',
  'undelivered',
  'rto-initiated',
  'rto-delivered',
  'cancelled',
  'other',
] as const;
export type ShipmentDeliveryStatus = (typeof SHIPMENT_DELIVERY_STATUSES)[number];

export function isShipmentDeliveryStatus(value: unknown): value is ShipmentDeliveryStatus {
  return (SHIPMENT_DELIVERY_STATUSES as readonly unknown[]).includes(value);
}

/** One event of the courier's, as the order page's timeline shows it. */
export interface ShipmentEventRecord {
  status: ShipmentDeliveryStatus;
  /** The courier's own words ("OUT FOR DELIVERY"). */
  courierStatus: string;
  occurredAt: string;
  /** An undelivered attempt's reason, as the courier wrote it. */
  reason: string | null;
  location: string | null;
}

/**
 * An order shipped through the courier (Ship). state pending: being booked, or waiting for the
 * courier's API to answer again (the shop keeps trying; `error` says what failed last); booked: the
 * AWB is assigned and the pickup scheduled (the order's dispatch is recorded); failed: the courier
 * refused the booking (`error`), Ship again or record the dispatch by hand; cancelled: the owner
 * cancelled the booking before pickup (`cancelledAt`), the order is to ship again.
 */
export interface OrderShipment {
  state: 'pending' | 'booked' | 'failed' | 'cancelled';
  awb: string | null;
  courierName: string | null;
  trackingUrl: string | null;
  pickupScheduledAt: string | null;
  attempts: number;
  error: string | null;
  requestedAt: string;
  bookedAt: string | null;
  /** The latest courier event's status (by the event's time); null before the first. */
  deliveryStatus: ShipmentDeliveryStatus | null;
  /** The courier's expected delivery, when it gave one. */
  expectedDeliveryAt: string | null;
  /** Oldest first. */
  events: ShipmentEventRecord[];
  /** When the owner cancelled the booking (state cancelled). */
  cancelledAt: string | null;
}

/** POST /api/admin/orders/{id}/ship { courierId? }: 200 booked, 202 pending (the courier did not answer; retried). */
export interface ShipOrderResponse {
  success: true;
  shipment: OrderShipment;
}

/** One courier that serves the order's pincode, as the owner's courier picker shows it. */
export interface CourierChoice {
  courierId: number;
  courierName: string;
  /** The courier's freight charge for this parcel, integer paise. */
  ratePaise: number;
  /** Days from pickup the courier promises; null when it gives none. */
  estimatedDeliveryDays: number | null;
  /** Its expected delivery day, India calendar "YYYY-MM-DD"; null when it gives none. */
  expectedDeliveryDay: string | null;
  rating: number | null;
}

/**
 * GET /api/admin/orders/{id}/courier-options: the couriers serving the order's pincode for its parcel's
 * weight, cheapest first, and the one the courier recommends (what "Automatic" books); or, when none
 * delivers there, the courier's message (the owner records the dispatch by hand).
 */
export type CourierOptionsResponse =
  | { success: true; serviceable: true; pincode: string; weightKg: number; couriers: CourierChoice[]; recommendedCourierId: number | null }
  | { success: true; serviceable: false; pincode: string; weightKg: number; message: string };

/** POST /api/admin/orders/{id}/cancel-shipment: the booking cancelled at the courier, the order to ship again. */
export interface CancelShipmentResponse {
  success: true;
  shipment: OrderShipment;
}

/** POST /api/admin/orders/labels { orderIds }: one PDF of the labels of those with an AWB; the rest listed. */
export interface ShipmentLabelsResponse {
  success: true;
  url: string;
  /** Order numbers with no label in the PDF (not booked yet, or cancelled). */
  missing: string[];
}

/** POST /api/admin/orders/ship-batch { orderIds }: each order on its own. */
export interface ShipBatchResponse {
  success: true;
  shipped: { orderId: string; orderNumber: string; shipment: OrderShipment }[];
  refused: { orderId: string; orderNumber: string | null; reason: string }[];
}

/**
 * A shipment in the delivery problems queue. undelivered: the courier's last attempt failed and
 * waits for the owner's answer (re-attempt or return) by `actBy`, 24 hours after it; returning /
 * returned: the parcel is on its way back (RTO) or back with us, the order still paid: refund it
 * (perishables are not resold, the refund policy says what the shopper gets back) or reship by hand.
 */
export interface DeliveryProblem {
  orderId: string;
  orderNumber: string;
  customerName: string;
  customerPhone: string;
  city: string;
  pincode: string;
  awb: string;
  courierName: string | null;
  kind: 'undelivered' | 'returning' | 'returned';
  /** The latest failed attempt's reason, as the courier wrote it. */
  reason: string | null;
  /** Failed attempts so far. */
  attempts: number;
  failedAt: string | null;
  /** When the owner's answer is due (undelivered only). */
  actBy: string | null;
}

/**
 * A courier booking the courier has not taken for half an hour or more (its API down or refusing):
 * the worker keeps retrying it and never books it twice; the owner may book by hand meanwhile.
 */
export interface WaitingCourierBooking {
  orderId: string;
  orderNumber: string;
  customerName: string;
  city: string;
  requestedAt: string;
  attempts: number;
  /** Why the last try did not book, in the courier's or the network's words. */
  lastError: string | null;
}

/** GET /api/admin/delivery-problems */
export interface DeliveryProblemsResponse {
  success: true;
  problems: DeliveryProblem[];
  /** Bookings waiting for the courier, oldest first. */
  waitingBookings: WaitingCourierBooking[];
}

/** POST /api/admin/orders/{id}/delivery-problem { action, phone?, addressNote?, date? } */
export interface DeliveryProblemActionResponse {
  success: true;
  action: 're-attempt' | 'return';
}

/** POST /api/courier/webhook: taken (stored once, or a duplicate, or another channel's AWB). */
export interface CourierWebhookResponse {
  success: true;
}

/** GET /api/admin/orders/{id}/label: the courier's label PDF to print. */
export interface ShipmentLabelResponse {
  success: true;
  url: string;
}

/** A refund the owner asked for and what Razorpay has made of it. Amounts in rupees. */
export interface OrderRefund {
  /** The refund request's id (also the idempotency key sent to Razorpay). */
  id: string;
  amount: number;
  reason: string;
  requestedBy: string;
  requestedAt: string;
  /**
   * requested: not yet accepted by Razorpay (it is retried); pending: Razorpay accepted it and is
   * processing; processed: the money is on its way back; failed: Razorpay could not refund it;
   * refused: Razorpay refused the request (see `error`).
   */
  state: 'requested' | 'pending' | 'processed' | 'failed' | 'refused';
  razorpayRefundId: string | null;
  error: string | null;
}

/** A payment Razorpay reported for the order. Amount in rupees. */
export interface OrderPaymentRecord {
  razorpayPaymentId: string;
  status: string;
  amount: number;
  method: string | null;
  createdAt: string;
}

/** An e-mail the shop sent about the order ('superseded': not sent, a later e-mail said more). */
export interface OrderEmailRecord {
  kind: string;
  recipient: string;
  state: 'sending' | 'sent' | 'superseded';
  sentAt: string;
}

/** A GST tax invoice or credit note of the order. Amount in rupees. */
export interface OrderTaxDocument {
  /** 'RP/26-27/000042' (invoice) or 'RPC/26-27/000007' (credit note). */
  number: string;
  issuedAt: string;
  /** Tax included: the invoice's total, or what the credit note credits. */
  amount: number;
  /** GET it with the admin's token for the PDF (an attachment named after the number, slashes as dashes). */
  downloadPath: string;
}

/** A credit note, issued for the processed refund it names. */
export interface OrderCreditNote extends OrderTaxDocument {
  razorpayRefundId: string;
}

/** GET /api/admin/orders/{id}: everything the order page shows. Amounts in rupees. */
export interface AdminOrderDetailResponse {
  success: true;
  /** The panel's order with its items priced (rupees each and per line). */
  order: Omit<AdminOrder, 'items'> & {
    items: { name: string; quantity: number; price: number; total: number }[];
    subtotal: number;
    shipping: number;
    /** The discount code the order used and what it took off (rupees); absent without one (decision 028). */
    discount?: { code: string; amount: number };
  };
  dispatch: OrderDispatch | null;
  /** The courier booking and its tracking events; null when the order was not shipped through the courier. */
  shipment?: OrderShipment | null;
  /** Ship is offered: a courier is configured and the lifecycle allows it (mayOwner 'ship'). */
  canShip?: boolean;
  /** Cancel booking is offered: a courier is configured and the lifecycle allows it (mayOwner 'cancel-shipment': booked, before pickup). */
  canCancelShipment?: boolean;
  payments: OrderPaymentRecord[];
  refunds: OrderRefund[];
  /** Rupees that may still be refunded: paid minus every refund not failed or refused. */
  refundable: number;
  history: OrderHistoryEntry[];
  emails: OrderEmailRecord[];
  /** Statuses the owner may move this order to now (order-lifecycle ownerChoices). */
  statusChoices: import('./order-status.js').AdminSettableStatus[];
  /** The GST tax invoice, issued when the order was paid; null for an order without one (unpaid, or paid before invoices began). */
  invoice?: OrderTaxDocument | null;
  /** One credit note per processed refund of the invoiced payment, oldest first. */
  creditNotes?: OrderCreditNote[];
  /** The order's latest payment link (decision 032); null without one. */
  paymentLink?: OrderPaymentLink | null;
  /** "Send a payment link" is offered (mayOwner 'send-payment-link'). */
  canSendPaymentLink?: boolean;
}

/** An order's Razorpay Payment Link as the owner sees it (decision 032). */
export interface OrderPaymentLink {
  id: string;
  /** The page the shopper opens to pay. */
  url: string;
  status: 'created' | 'paid' | 'expired' | 'cancelled';
  /** ISO time the link stops taking payments. */
  expiresAt: string | null;
  /** ISO time the shop e-mailed it to the shopper. */
  sentAt: string | null;
}

/**
 * POST /api/admin/phone-orders (an order taken by phone or WhatsApp, priced by the server, with its
 * payment link) and POST /api/admin/orders/{id}/payment-link (a link for an unpaid order).
 */
export interface PaymentLinkResponse {
  success: true;
  /** The order's internal id and its number. */
  _id: string;
  orderId: string;
  /** What the link asks for, in rupees: the order's total as the server priced it. */
  amount: number;
  discount?: { code: string; amount: number };
  paymentLink: OrderPaymentLink;
  /** False when the request repeated an earlier one (same Idempotency-Key): nothing new was made or sent. */
  created: boolean;
}

/** PUT /api/admin/orders/{id}/dispatch { courierId, courierName?, awb, trackingUrl? } */
export interface RecordDispatchResponse {
  success: true;
  dispatch: OrderDispatch;
  /** True the first time (the shopper is e-mailed), false for a correction. */
  created: boolean;
}

/** POST /api/admin/orders/dispatch-batch { lines } — one "order number, courier, AWB" per line. */
export interface BatchDispatchResponse {
  success: true;
  recorded: { orderId: string; awb: string; created: boolean }[];
  /** Lines not recorded, with the line number (1-based) and why. */
  refused: { line: number; text: string; reason: string }[];
}

/** POST /api/admin/orders/{id}/refunds { amount (rupees), reason, requestKey } */
export interface CreateRefundResponse {
  success: true;
  refund: OrderRefund;
  /** False when `requestKey` was seen before: the earlier request is returned, nothing new is refunded. */
  created: boolean;
}

/** POST /api/admin/orders/{id}/resend-confirmation */
export interface ResendConfirmationResponse {
  success: true;
}

/** Where an order stands, in the shopper's words (the tracking page and e-mails). */
export type ShopperOrderStage = 'awaiting-payment' | 'payment-failed' | 'paid' | 'dispatched' | 'delivered' | 'cancelled' | 'refunded';

/**
 * POST /api/track { orderNumber, contact } and GET /api/track?order=…&t=… (the signed link in
 * e-mails). No personal data beyond what the shopper already knows: no address, no phone.
 * Amounts in rupees.
 */
export interface TrackOrderResponse {
  success: true;
  orderNumber: string;
  placedAt: string;
  stage: ShopperOrderStage;
  /** One sentence: where the order is. */
  headline: string;
  /** One sentence: what happens next. */
  next: string;
  items: { name: string; quantity: number }[];
  amount: number;
  dispatch: { courierName: string; awb: string; trackingUrl: string | null; dispatchedAt: string } | null;
  refunds: { amount: number; state: 'in-progress' | 'processed' | 'failed'; requestedAt: string }[];
  /** The order's GST tax invoice number ('RP/26-27/000042'), null until it is issued; the PDF is at /api/track/invoice. */
  invoiceNumber: string | null;
  /**
   * When the parcel arrives (delivery-promise.ts): from the order's day until dispatch, then the
   * courier's part from the dispatch's day; null once delivered, cancelled, refunded or unpaid.
   */
  deliveryPromise: DeliveryPromise | null;
  /** The courier's events, oldest first (an order shipped through the courier); a failed attempt carries its reason. */
  courierEvents: { status: ShipmentDeliveryStatus; occurredAt: string; reason: string | null }[];
}


/** Days as [fewest, most]: the shop's processing, then the courier's, and the two added up. */
export interface DeliveryEstimate {
  processingDays: [min: number, max: number];
  deliveryDays: [min: number, max: number];
  totalDays: [min: number, max: number];
  zone: DeliveryZone;
}

/** GET /api/pincodes/{pincode}: where India Post's directory puts the pincode, and how long an order takes to get there. */
export interface PincodeLookupResponse {
  success: true;
  pincode: string;
  /** The city shoppers write for the pincode ('Bengaluru', 'Noida', 'New Town'; packages/pincodes/README.md): what the checkout fills in. */
  city: string;
  /** The canonical state name (packages/shared/src/indian-states.ts). */
  state: string;
  /** GST state code ('29'). */
  stateCode: string;
  estimate: DeliveryEstimate;
}

/** POST /api/complaints: the ticket and its two deadlines (packages/shared/src/complaints.ts). */
export interface SubmitComplaintResponse {
  success: true;
  /** 'GRV-261123-0042' */
  ticketNumber: string;
  receivedAt: string;
  /** 48 hours after receipt. */
  acknowledgeBy: string;
  /** One calendar month after receipt. */
  resolveBy: string;
}

/** A complaint as the admin lists it. Dates are ISO strings; `late` is computed by the server at `asOf`. */
export interface AdminComplaint {
  id: string;
  ticketNumber: string;
  receivedAt: string;
  name: string;
  email: string;
  phone: string | null;
  orderNumber: string | null;
  /** The matched order's id (for a link to /admin/orders/{id}), null when none matched or it was archived. */
  orderId: string | null;
  category: import('./complaints.js').ComplaintCategory;
  message: string;
  state: 'open' | 'resolved';
  acknowledgeBy: string;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  resolveBy: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolution: string | null;
  /** A deadline that passed before the step was done (or is still not done). */
  late: { acknowledgement: boolean; resolution: boolean };
}

/** GET /api/admin/complaints?state=open|late|resolved|all (newest first; open ones by nearest deadline). */
export interface AdminComplaintsResponse {
  success: true;
  asOf: string;
  complaints: AdminComplaint[];
  /** Over every complaint, whatever the filter. `late`: open complaints that missed a deadline. */
  counts: { open: number; late: number; resolved: number };
}

/** POST /api/admin/complaints/{id}/acknowledge and /resolve: the complaint as it now stands. */
export interface AdminComplaintResponse {
  success: true;
  complaint: AdminComplaint;
}

/**
 * GET /api/catalogue: the products on the storefront, in the owner's order, as saved on the
 * Catalogue page (decision 024). Browsers may keep it for 30 seconds.
 */
export interface CatalogueResponse {
  success: true;
  products: import('./catalogue.js').Product[];
}

/** GET /api/admin/catalogue: every product, archived ones too, in the storefront's order. */
export interface AdminCatalogueResponse {
  success: true;
  products: import('./catalogue.js').CatalogueProduct[];
}

/** POST /api/admin/catalogue, PUT /api/admin/catalogue/{id}, POST /api/admin/catalogue/{id}/archive: the product as saved. */
export interface AdminCatalogueProductResponse {
  success: true;
  product: import('./catalogue.js').CatalogueProduct;
}

/** One save of a product: who, when, the product before and after (money in paise). */
export interface AdminProductChange {
  version: number;
  changedAt: string;
  changedBy: string;
  before: Partial<import('./catalogue.js').CatalogueProduct> | null;
  after: Partial<import('./catalogue.js').CatalogueProduct>;
}

/** GET /api/admin/catalogue/{id}/changes: the product's change log, newest first. */
export interface AdminProductChangesResponse {
  success: true;
  changes: AdminProductChange[];
}

/** GET /api/catalogue/availability: every product's sale state and jars left, live (decision 012). */
export interface CatalogueAvailabilityResponse {
  success: true;
  asOf: string;
  products: import('./stock.js').ProductAvailability[];
}

/** A product's batch as the owner manages it (GET /api/admin/stock, PUT /api/admin/stock/{productId}). */
export interface AdminProductStock {
  productId: number;
  name: string;
  state: 'on-sale' | 'coming-soon';
  /** Null: no limit set. */
  batchJars: number | null;
  reserved: number;
  sold: number;
  /** Null when there is no limit. */
  left: number | null;
  nextBatchDate: string | null;
  updatedAt: string;
  updatedBy: string;
  /** "Tell me when the next batch is ready" (decision 029): confirmed sign-ups the next opening will e-mail, and how many the last one e-mailed. */
  subscribers: { waiting: number; toldAtLastOpening: number };
}

export interface AdminStockResponse {
  success: true;
  products: AdminProductStock[];
}

export interface AdminProductStockResponse {
  success: true;
  product: AdminProductStock;
  /** Subscribers this save told (a batch opened), 0 when it opened none. */
  told: number;
}

/** POST /api/discount-codes/check: what the code does for this cart now. Advisory: create-order decides again. */
export interface DiscountCheckResponse {
  success: true;
  /** The code as stored (upper case). */
  code: string;
  /** "LAUNCH10: 10% off — you save ₹160.50". */
  summary: string;
  subtotalPaise: number;
  shippingPaise: number;
  discountPaise: number;
  /** The part of discountPaise taken off shipping (a free-shipping code); the rest is shared over the goods. */
  shippingDiscountPaise: number;
  /** What the shopper would pay. */
  totalPaise: number;
}

/** A discount code on the owner's page (GET /api/admin/discount-codes). Money in paise; times ISO. */
export interface AdminDiscountCode {
  id: number;
  code: string;
  kind: 'percent' | 'fixed' | 'free-shipping';
  percent: number | null;
  amountPaise: number | null;
  minOrderPaise: number;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerShopper: number | null;
  active: boolean;
  /** "10% off", "₹100 off", "Free shipping". */
  offer: string;
  /** Uses counting against the limit now: paid, and reserved by orders awaiting payment. */
  uses: number;
  /** Orders paid with the code. */
  paidUses: number;
  /** All the code took off paid orders. */
  discountGivenPaise: number;
  createdAt: string;
}

export interface AdminDiscountCodesResponse {
  success: true;
  codes: AdminDiscountCode[];
}

export interface AdminDiscountCodeResponse {
  success: true;
  code: AdminDiscountCode;
}
