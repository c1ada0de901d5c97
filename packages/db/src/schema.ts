import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface OrdersTable {
  id: Generated<string>;
  order_number: string;
  checkout_key: string | null;
  razorpay_order_id: string | null;
  razorpay_payment_id: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  flat_number: string;
  street: string;
  area: string;
  city: string;
  state: string;
  pincode: string;
  subtotal_paise: number;
  shipping_paise: number;
  amount_paise: number;
  status: Generated<string>;
  payment_status: Generated<string>;
  failure_reason: string | null;
  search_text: Generated<string>;
  next_reconcile_at: Date | string | null;
  reconcile_attempts: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: Date | string | null;
  refunded_paise: Generated<number>;
  personal_data_erased_at: Date | string | null;
  /** What the order holds of the batch stock (migration 010; packages/db/src/stock.ts). Null: placed before stock was kept. */
  stock_state: 'reserved' | 'sold' | 'released' | 'short' | null;
  /** The version its signed tracking links carry (migration 015); raising it revokes the links sent so far. */
  tracking_link_version: Generated<number>;
  /** The courier zone of the pincode, decided at create-order (migration 017; packages/shared/src/delivery-promise.ts). Null: placed before it was kept. */
  delivery_zone: 'local' | 'regional' | 'national' | null;
  /** The discount code the order used (migration 023, decision 028); null for none. */
  discount_code: Generated<string | null>;
  /** All the code took off; amount_paise = subtotal_paise + shipping_paise - discount_paise. */
  discount_paise: Generated<number>;
  /** The order's latest Razorpay Payment Link (migration 026, decision 032); null without one. */
  payment_link_id: Generated<string | null>;
  payment_link_url: Generated<string | null>;
  payment_link_status: Generated<'created' | 'paid' | 'expired' | 'cancelled' | null>;
  payment_link_expires_at: Generated<Date | null>;
  payment_link_sent_at: Generated<Date | null>;
  payment_link_count: Generated<number>;
}

export interface OrderItemsTable {
  id: Generated<string>;
  order_id: string;
  product_id: number;
  name: string;
  quantity: number;
  unit_price_paise: number;
  line_total_paise: number;
  /** The tax class the item was sold at; null for orders placed before the catalogue kept it (migration 021). */
  hsn: string | null;
  gst_rate_percent: number | null;
  /** The line's share of the order's discount (migration 023): its transaction value is line_total_paise - discount_paise. */
  discount_paise: Generated<number>;
}

export interface PaymentsTable {
  razorpay_payment_id: string;
  order_id: string;
  status: string;
  amount_paise: number;
  method: string | null;
  error_code: string | null;
  error_description: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface OrderStatusHistoryTable {
  id: Generated<string>;
  order_id: string;
  from_status: string | null;
  to_status: string;
  from_payment_status: string | null;
  to_payment_status: string | null;
  changed_by: string;
  reason: string | null;
  changed_at: CreatedAt;
}

export interface OutboxEventsTable {
  id: string;
  type: string;
  version: number;
  payload: ColumnType<unknown, string, string>;
  occurred_at: Timestamp;
  available_at: Timestamp;
  published_at: Date | string | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** A relay's claim while it publishes the row (migration 011); null or past: free to claim. */
  claimed_until: Date | string | null;
}

export interface ProcessedWebhookEventsTable {
  event_id: string;
  event_type: string;
  received_at: CreatedAt;
}

export interface SentEmailsTable {
  id: Generated<string>;
  order_id: string | null;
  attention_id: string | null;
  kind: string;
  recipient: string;
  message_id: string | null;
  event_id: string | null;
  sent_at: Timestamp;
  /** 'superseded': decided not to send, a later e-mail says more (migration 018). */
  state: Generated<'sending' | 'sent' | 'superseded'>;
  lease_until: Date | string | null;
  /** Set for e-mails unique per (kind, dedupe_key) rather than (order_id, kind): one per refund, resends. */
  dedupe_key: string | null;
}

export interface OrderDispatchesTable {
  order_id: string;
  courier: string;
  awb: string;
  tracking_url: string | null;
  dispatched_at: Timestamp;
  recorded_by: string;
  corrections: Generated<number>;
  updated_at: Timestamp;
}

/** A shipment booked (or being booked) with the courier: migrations/020-shipments.ts. */
export interface ShipmentsTable {
  order_id: string;
  /** cancelled: the owner cancelled the booking before pickup (migration 025). */
  state: 'pending' | 'booked' | 'failed' | 'cancelled';
  requested_courier_id: number | null;
  /** bigint: kysely reads it as a string. */
  courier_order_id: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  shipment_id: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  awb: string | null;
  courier_name: string | null;
  pickup_scheduled_at: Date | string | null;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Date | string | null;
  claimed_until: Date | string | null;
  requested_by: string;
  requested_at: Timestamp;
  booked_at: Date | string | null;
  delivery_status: string | null;
  last_event_at: Date | string | null;
  last_polled_at: Date | string | null;
  expected_delivery_at: Date | string | null;
  problem_action: 're-attempt' | 'return' | null;
  problem_action_at: Date | string | null;
  problem_action_by: string | null;
  updated_at: Timestamp;
  cancelled_at: Date | string | null;
  cancelled_by: string | null;
  /** 1 for the first booking; each booking after a cancel counts on (the courier reference's suffix). */
  booking_count: Generated<number>;
}

/** The courier's tracking events, one per event key (AWB + status + scan time). */
export interface ShipmentEventsTable {
  event_key: string;
  order_id: string;
  awb: string;
  status: string;
  courier_status: string;
  occurred_at: Date | string;
  reason: string | null;
  reason_code: string | null;
  attempt: number | null;
  location: string | null;
  source: 'webhook' | 'poll';
  received_at: CreatedAt;
}

export interface RefundRequestsTable {
  /** Also the X-Refund-Idempotency key sent to Razorpay. */
  id: Generated<string>;
  order_id: string;
  razorpay_payment_id: string;
  amount_paise: number;
  reason: string;
  requested_by: string;
  client_key: string;
  /** requested: not yet accepted by Razorpay; submitted: Razorpay gave it a refund id; refused: Razorpay said no. */
  state: Generated<'requested' | 'submitted' | 'refused'>;
  razorpay_refund_id: string | null;
  error: string | null;
  attempts: Generated<number>;
  lease_until: Date | string | null;
  next_attempt_at: Timestamp;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PaymentAttentionTable {
  id: Generated<string>;
  kind: string;
  order_id: string | null;
  order_number: string | null;
  razorpay_order_id: string | null;
  razorpay_payment_id: string;
  amount_paise: number;
  expected_amount_paise: number | null;
  detail: string | null;
  created_at: CreatedAt;
  resolved_at: Date | string | null;
  resolved_by: string | null;
}

export interface RefundsTable {
  razorpay_refund_id: string;
  razorpay_payment_id: string;
  order_id: string | null;
  amount_paise: number;
  status: 'pending' | 'processed' | 'failed';
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ArchivedOrdersTable {
  order_id: string;
  order_number: string;
  status: string;
  snapshot: ColumnType<unknown, string, string>;
  archived_by: string;
  archived_at: CreatedAt;
}

export interface AdminUsersTable {
  id: Generated<string>;
  username: string;
  password_hash: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Tokens issued before it are refused. */
  password_changed_at: Generated<Date>;
  /** The ADMIN_PASSWORD_HASH last applied from configuration (migration 014); null for admins made by the CLI. */
  configured_password_hash: string | null;
}

export interface RevokedTokensTable {
  jti: string;
  expires_at: Date | string;
}

/** A GST tax invoice or credit note as issued (migration 008); never updated. */
export interface TaxDocumentsTable {
  id: Generated<string>;
  kind: 'invoice' | 'credit-note';
  /** 'RP/26-27/000042' (invoices) or 'RPC/26-27/000007' (credit notes). */
  number: string;
  /** '2026-27' */
  financial_year: string;
  sequence: number;
  order_id: string;
  order_number: string;
  razorpay_payment_id: string;
  /** Credit notes: the refund credited and the invoice it credits. */
  razorpay_refund_id: string | null;
  invoice_id: string | null;
  issued_at: Date | string;
  place_of_supply_code: string | null;
  place_of_supply_name: string;
  supply: 'intra-state' | 'inter-state';
  /** TaxFigures (packages/shared/src/gst.ts), paise. */
  figures: ColumnType<unknown, string, never>;
  /** The seller and the recipient as printed, copied at issue time (packages/invoices). */
  seller: ColumnType<unknown, string, never>;
  recipient: ColumnType<unknown, string, never>;
}

/** The last number taken in each series; taken in the issuing transaction, so rollbacks leave no gap. */
export interface TaxDocumentCountersTable {
  kind: 'invoice' | 'credit-note';
  financial_year: string;
  last_sequence: number;
}

/** A shopper's complaint with its ticket number and the grievance rules' two deadlines (migration 009). */
export interface ComplaintsTable {
  id: Generated<string>;
  /** 'GRV-261123-0042' (packages/shared/src/complaints.ts, formatTicketNumber). */
  ticket_number: string;
  name: string;
  email: string;
  phone: string | null;
  order_number: string | null;
  /**
   * The order the number named when the complaint arrived, linked only when the complaint's e-mail or
   * phone is that order's (no foreign key: orders are archived).
   */
  order_id: string | null;
  /** The e-mail address is the linked order's own (migration 016): only then are the shopper's words e-mailed back. */
  email_proven: Generated<boolean>;
  /** ComplaintCategory */
  category: string;
  message: string;
  created_at: CreatedAt;
  acknowledge_by: Date | string;
  resolve_by: Date | string;
  acknowledged_at: Date | string | null;
  acknowledged_by: string | null;
  resolved_at: Date | string | null;
  resolved_by: string | null;
  resolution: string | null;
  personal_data_erased_at: Date | string | null;
}

/** A product's batch stock and whether it is on sale (migration 010). Jars left = batch_jars - reserved - sold. */
export interface ProductStockTable {
  product_id: number;
  state: 'on-sale' | 'coming-soon';
  /** The current batch's jars; null when the owner has set no limit. */
  batch_jars: number | null;
  reserved: Generated<number>;
  sold: Generated<number>;
  /** 'YYYY-MM-DD' (India date); the date type is read as a string (see create-db.ts). */
  next_batch_date: string | null;
  updated_at: Generated<Date>;
  updated_by: Generated<string>;
}

export interface Database {
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  order_status_history: OrderStatusHistoryTable;
  outbox_events: OutboxEventsTable;
  processed_webhook_events: ProcessedWebhookEventsTable;
  sent_emails: SentEmailsTable;
  archived_orders: ArchivedOrdersTable;
  payment_attention: PaymentAttentionTable;
  refunds: RefundsTable;
  order_dispatches: OrderDispatchesTable;
  shipments: ShipmentsTable;
  shipment_events: ShipmentEventsTable;
  refund_requests: RefundRequestsTable;
  admin_users: AdminUsersTable;
  revoked_tokens: RevokedTokensTable;
  tax_documents: TaxDocumentsTable;
  tax_document_counters: TaxDocumentCountersTable;
  complaints: ComplaintsTable;
  product_stock: ProductStockTable;
  products: ProductsTable;
  product_changes: ProductChangesTable;
  photos: PhotosTable;
  photo_variants: PhotoVariantsTable;
  product_photos: ProductPhotosTable;
  discount_codes: DiscountCodesTable;
  discount_code_uses: DiscountCodeUsesTable;
  batch_subscribers: BatchSubscribersTable;
}

/** The owner's discount codes (migration 023, decision 028); written only by packages/db/src/discount-codes.ts. */
export interface DiscountCodesTable {
  id: Generated<number>;
  code: string;
  kind: 'percent' | 'fixed' | 'free-shipping';
  percent: number | null;
  amount_paise: number | null;
  min_order_paise: number;
  starts_at: Date | null;
  ends_at: Date | null;
  max_uses: number | null;
  max_uses_per_shopper: number | null;
  active: boolean;
  created_at: CreatedAt;
  updated_at: Timestamp;
  updated_by: string;
}

/** One order's use of a code, reserved at create-order (decision 028). */
export interface DiscountCodeUsesTable {
  order_id: string;
  code_id: number;
  email_hash: string;
  phone_hash: string;
  discount_paise: number;
  reserved_at: CreatedAt;
}

/** The catalogue (migration 021, decision 024); written only by packages/db/src/catalogue.ts. */
export interface ProductsTable {
  id: Generated<number>;
  slug: string;
  position: number;
  name: string;
  title: string;
  description: string;
  price_paise: number;
  display_price_paise: number | null;
  discount_label: string | null;
  pack_label: string;
  net_grams: number;
  /** The SVG drawing under the SPA's public folder, shown when the product has no photograph. */
  art: string | null;
  diet: 'vegetarian' | 'non-vegetarian';
  ingredients: string;
  allergens: string;
  storage: string;
  best_before: string;
  country_of_origin: string;
  hsn: string;
  gst_rate_percent: number;
  archived_at: Date | null;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  updated_by: Generated<string>;
}

export interface ProductChangesTable {
  id: Generated<number>;
  product_id: number;
  version: number;
  changed_at: Generated<Date>;
  changed_by: string;
  before: unknown;
  after: unknown;
}

/** Product photographs (migration 022, decision 027); written only by packages/db/src/product-photos.ts. */
export interface PhotosTable {
  id: string;
  width: number;
  height: number;
  original_bytes: number;
  original_type: string;
  created_at: Generated<Date>;
  created_by: string;
}

export interface PhotoVariantsTable {
  photo_id: string;
  width: number;
  format: 'avif' | 'webp';
  pixel_width: number;
  pixel_height: number;
  bytes: number;
  data: Buffer;
}

export interface ProductPhotosTable {
  product_id: number;
  photo_id: string;
  position: number;
  alt: Generated<string>;
  added_at: Generated<Date>;
}

export type OrderRow = Selectable<OrdersTable>;
export type PaymentAttentionRow = Selectable<PaymentAttentionTable>;
export type TaxDocumentRow = Selectable<TaxDocumentsTable>;
export type ComplaintRow = Selectable<ComplaintsTable>;

/** Sign-ups to hear about a product's next batch (migration 024, decision 029); written only by batch-subscribers.ts. */
export interface BatchSubscribersTable {
  id: Generated<string>;
  product_id: number;
  email: string;
  state: Generated<'pending' | 'confirmed' | 'told' | 'unsubscribed'>;
  created_at: Generated<Date>;
  confirmations_sent: Generated<number>;
  confirmation_sent_at: Generated<Date>;
  confirmed_at: Date | null;
  told_at: Date | null;
  /** The batch opening (its `batch.opened` event id) that told this subscriber. */
  opening_id: string | null;
  unsubscribed_at: Date | null;
}
