import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { indiaDay, parseCourierTime, SHIPROCKET_CODE } from '@pickles/courier-client';
import { lookupPincode } from '@pickles/pincodes';
import { SandboxCore } from '@pickles/sandbox-kit';
import type { Logger } from '@pickles/service-kit';
import { apiError } from './api-errors.js';
import { DEFAULT_KNOBS, knobsUpdateSchema, type Knobs } from './knobs.js';
import { quotes, recommended, SANDBOX_COURIERS, type SandboxCourier } from './rates.js';
import { labelOf, PHASE_CODE, PICKUP_LOCATION, statusLabel, type ApiRequestRecord, type NewOrder, type Scan, type Shipment, type StoredFile } from './model.js';
import { CANCELLABLE, FAIL_REASONS, STEPS, type FailReason, type Phase, type ScanPlace, type Step } from './steps.js';
import { webhookPayload } from './views.js';
import { WebhookDispatcher, type WebhookRecord } from './webhooks.js';

export interface SandboxConfig {
  email: string;
  password: string;
  webhookUrl: string | undefined;
  webhookToken: string | undefined;
  /** As browsers reach the sandbox (label, manifest and tracking links); undefined = the request's Host. */
  publicUrl: string | undefined;
}

/** Thrown by the dashboard's and tests' controls: an unknown AWB, or a step the shipment's phase does not allow. */
export class ControlError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

const DAY_MS = 86_400_000;
const MAX_REQUEST_LOG = 1000;

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const place = (pincode: string) => {
  const entry = lookupPincode(pincode);
  return entry ? `${entry.city} (${entry.state})` : pincode;
};

/**
 * Everything the sandbox's courier knows, in memory (a restart forgets it all, like a fresh
 * account), and its rules: what may happen to a shipment next, NDR attempts, the courier's own
 * return after too many failed attempts. Ids keep counting across resets, so a shop never sees
 * one twice.
 */
export class CourierState extends SandboxCore<SandboxConfig, Knobs, ApiRequestRecord> {
  readonly shipments = new Map<number, Shipment>();
  private readonly byOrderId = new Map<number, Shipment>();
  private readonly byAwb = new Map<string, Shipment>();
  readonly files = new Map<string, StoredFile>();
  readonly webhooks = new WebhookDispatcher({
    knobs: () => this.knobs,
    takeLoss: () => this.takeWebhookLoss(),
    defaultUrl: this.config.webhookUrl,
    token: this.config.webhookToken,
    later: (ms, fn) => this.later(ms, fn),
    logger: this.logger,
  });
  private readonly tokens = new Map<string, number>();
  private nextOrderId = 400_000_000 + randomInt(1_000_000);
  private nextShipmentId = 300_000_000 + randomInt(1_000_000);
  /** Every shipment, token and file: what reset() forgets. */
  protected readonly records = [this.shipments, this.byOrderId, this.byAwb, this.files, this.tokens];

  constructor(config: SandboxConfig, knobs: Partial<Knobs>, logger: Logger) {
    super(config, knobs, logger, { knobsUpdateSchema, defaults: DEFAULT_KNOBS, maxRequestLog: MAX_REQUEST_LOG });
  }

  /** The failure to simulate for this API call (path under /v1/external), if any; counts apiFailureCount down. */
  takeApiFailure(path: string): Exclude<Knobs['apiFailure'], 'none'> | undefined {
    const mode = this.knobs.apiFailure;
    if (mode === 'none') return undefined;
    if (this.knobs.apiFailurePath !== null && !path.startsWith(this.knobs.apiFailurePath)) return undefined;
    if (this.knobs.apiFailureCount !== null) {
      const left = this.knobs.apiFailureCount - 1;
      this.knobs = left <= 0 ? { ...this.knobs, apiFailure: 'none', apiFailureCount: null } : { ...this.knobs, apiFailureCount: left };
    }
    return mode;
  }

  private takeWebhookLoss(): boolean {
    if (this.knobs.dropNextWebhooks > 0) {
      this.knobs = { ...this.knobs, dropNextWebhooks: this.knobs.dropNextWebhooks - 1 };
      return true;
    }
    return this.knobs.webhookLossRate > 0 && Math.random() < this.knobs.webhookLossRate;
  }

  // ---- tokens ----

  /** POST /auth/login: a token for the one API user, valid tokenTtlSeconds. */
  login(email: unknown, password: unknown) {
    if (typeof email !== 'string' || typeof password !== 'string' || !safeEqual(email.toLowerCase(), this.config.email.toLowerCase()) || !safeEqual(password, this.config.password)) {
      throw apiError(400, 'Invalid email and password combination');
    }
    const token = randomBytes(30).toString('base64url');
    this.tokens.set(token, Date.now() + this.knobs.tokenTtlSeconds * 1000);
    return { id: 1, first_name: 'API', last_name: 'User', email: this.config.email, company_id: 1_234_567, created_at: new Date().toISOString(), token };
  }

  tokenState(token: string | undefined): 'ok' | 'missing' | 'unknown' | 'expired' {
    if (!token) return 'missing';
    const expiresAt = this.tokens.get(token);
    if (expiresAt === undefined) return 'unknown';
    return Date.now() < expiresAt ? 'ok' : 'expired';
  }

  /** Every token issued so far stops working now (the dashboard's "Expire tokens"). */
  expireTokens(): number {
    const now = Date.now();
    for (const token of this.tokens.keys()) this.tokens.set(token, now);
    return this.tokens.size;
  }

  // ---- orders and shipments ----

  createOrder(order: NewOrder): Shipment {
    const shipment: Shipment = {
      ...order,
      id: this.nextShipmentId++,
      orderId: this.nextOrderId++,
      createdAt: new Date(),
      phase: 'new',
      awb: null,
      courier: null,
      zone: null,
      awbAssignedAt: null,
      pickupScheduledAt: null,
      pickupTokenNumber: null,
      etd: null,
      deliveredAt: null,
      scans: [],
      attempts: 0,
      attemptsSinceAction: 0,
      ndr: null,
      isReturn: false,
    };
    this.shipments.set(shipment.id, shipment);
    this.byOrderId.set(shipment.orderId, shipment);
    return shipment;
  }

  /** GET /orders?search=: our reference (contains, any case) or the AWB; newest first. */
  searchOrders(search: string): Shipment[] {
    const needle = search.trim().toLowerCase();
    return [...this.shipments.values()].filter((s) => !needle || s.channelOrderId.toLowerCase().includes(needle) || s.awb === search.trim()).reverse();
  }

  shipment(id: number): Shipment {
    const shipment = this.shipments.get(id);
    if (!shipment) throw apiError(404, `Shipment id ${id} does not exist`);
    return shipment;
  }

  order(id: number): Shipment {
    const shipment = this.byOrderId.get(id);
    if (!shipment) throw apiError(404, `Order id ${id} does not exist`);
    return shipment;
  }

  findAwb(awb: string): Shipment | undefined {
    return this.byAwb.get(awb);
  }

  /**
   * POST /courier/assign/awb. Shiprocket answers a refusal with HTTP 200 and awb_assign_status 0,
   * so this returns the error text instead of throwing.
   */
  assignAwb(shipmentId: number, courierId: number | undefined): { shipment: Shipment } | { error: string } {
    const shipment = this.shipment(shipmentId);
    if (shipment.phase === 'cancelled') return { error: 'The shipment is cancelled' };
    if (shipment.awb) throw apiError(400, `AWB ${shipment.awb} is already assigned to shipment ${shipment.id}`);
    const options = quotes(PICKUP_LOCATION.pin_code, shipment.customer.pincode, shipment.parcel.weight, this.knobs.unserviceablePincodes);
    if (typeof options === 'string') return { error: options };
    const chosen = courierId === undefined ? recommended(options) : options.find((quote) => quote.courier.id === courierId);
    if (!chosen) return { error: `Courier ${courierId} does not serve this route` };
    const now = new Date();
    shipment.awb = this.newAwb(chosen.courier);
    shipment.courier = chosen.courier;
    shipment.zone = chosen.zone;
    shipment.awbAssignedAt = now;
    shipment.etd = new Date(now.getTime() + (chosen.days + 1) * DAY_MS);
    shipment.phase = 'awb-assigned';
    this.byAwb.set(shipment.awb, shipment);
    return { shipment };
  }

  private newAwb(courier: SandboxCourier): string {
    for (;;) {
      let awb = courier.awbPrefix;
      while (awb.length < courier.awbLength) awb += String(randomInt(10));
      if (!this.byAwb.has(awb)) return awb;
    }
  }

  /** POST /courier/generate/pickup for one shipment; `day` is "YYYY-MM-DD" (India), today or later. */
  schedulePickup(shipmentId: number, day: string | undefined): Shipment {
    const shipment = this.shipment(shipmentId);
    if (!shipment.awb || shipment.phase === 'new') throw apiError(400, 'Please assign an AWB before generating the pickup');
    if (shipment.phase === 'cancelled') throw apiError(400, 'The shipment is cancelled');
    if (shipment.phase !== 'awb-assigned') throw apiError(400, 'Already in Pickup Queue.');
    const now = new Date();
    // A pickup asked for a later day is at 10:00 that day; for today, two hours from now.
    const at = day && day > indiaDay(now) ? parseCourierTime(`${day} 10:00:00`)! : new Date(Math.ceil((now.getTime() + 2 * 3600_000) / 1000) * 1000);
    shipment.pickupScheduledAt = at;
    shipment.pickupTokenNumber = `Reference No: ${shipment.courier!.id}_${randomInt(10_000_000, 99_999_999)}`;
    shipment.etd = new Date(at.getTime() + ((this.daysInTransit(shipment) ?? 5) + 1) * DAY_MS);
    this.move(shipment, 'pickup-scheduled', SHIPROCKET_CODE.pickupScheduled, 'PKS', `Pickup scheduled for ${indiaDay(at)}`, 'origin');
    return shipment;
  }

  private daysInTransit(shipment: Shipment): number | undefined {
    if (!shipment.courier || !shipment.zone) return undefined;
    return shipment.courier.days[['z_a', 'z_b', 'z_c', 'z_d', 'z_e'].indexOf(shipment.zone)];
  }

  /** POST /orders/cancel and /orders/cancel/shipment/awbs: before pickup only; cancelling again changes nothing. */
  cancel(shipments: Shipment[]): void {
    const late = shipments.filter((s) => s.phase !== 'cancelled' && !CANCELLABLE.includes(s.phase));
    if (late.length > 0) throw apiError(400, `Cannot cancel after pickup: ${late.map((s) => s.awb ?? s.orderId).join(', ')}`);
    for (const shipment of shipments) {
      if (shipment.phase === 'cancelled') continue;
      if (shipment.awb) this.move(shipment, 'cancelled', SHIPROCKET_CODE.cancelled, 'CAN', 'Shipment cancelled by the seller', 'origin');
      else shipment.phase = 'cancelled';
    }
  }

  storeFile(kind: StoredFile['kind'], shipmentIds: number[]): string {
    const token = randomBytes(12).toString('hex');
    this.files.set(token, { kind, shipmentIds, createdAt: new Date() });
    return token;
  }

  // ---- the courier's side: scans, attempts, returns ----

  /** A step of the courier's (the dashboard's buttons). Throws ControlError for an unknown AWB or a step its phase does not allow. */
  step(awb: string, step: Step, reason: FailReason = 'customer-not-available'): { shipment: Shipment; webhooks: WebhookRecord[] } {
    const shipment = this.byAwb.get(awb);
    if (!shipment) throw new ControlError(404, `No shipment with AWB ${awb}`);
    const rule = STEPS[step];
    if (!(rule.from as readonly Phase[]).includes(shipment.phase)) {
      throw new ControlError(409, `Cannot ${rule.title.toLowerCase()}: the shipment is ${statusLabel(shipment)} (${rule.title.toLowerCase()} needs ${rule.from.map((phase) => labelOf(PHASE_CODE[phase])).join(' or ')})`);
    }
    const before = this.webhooks.records.length;
    if (step === 'fail') this.failAttempt(shipment, FAIL_REASONS[reason]);
    else {
      if (step === 'deliver') shipment.deliveredAt = this.nextScanTime(shipment);
      if (step === 'rto') shipment.isReturn = true;
      this.move(shipment, rule.to, rule.code, rule.courierCode, rule.activity, rule.place);
    }
    return { shipment, webhooks: this.webhooks.records.slice(before) };
  }

  private failAttempt(shipment: Shipment, reason: string): void {
    shipment.attempts += 1;
    shipment.attemptsSinceAction += 1;
    const scan = this.move(shipment, 'undelivered', SHIPROCKET_CODE.undelivered, STEPS.fail.courierCode, reason, 'destination', () => {
      // The next attempt is tomorrow at the earliest: the expected delivery moves with it.
      shipment.etd = new Date(Math.max(shipment.etd?.getTime() ?? 0, Date.now() + DAY_MS));
    });
    shipment.ndr ??= { reason, raisedAt: scan.at, deferredDate: null, history: [] };
    shipment.ndr.reason = reason;
    shipment.ndr.raisedAt = scan.at;
    shipment.ndr.deferredDate = null;
    shipment.ndr.history.push({ reason, attempt: shipment.attempts, actionBy: 'courier', action: 'undelivered', comment: '', at: scan.at });
    if (shipment.attemptsSinceAction >= this.knobs.autoRtoAfterAttempts) {
      // Couriers give up after a few failed attempts nobody acted on, and send the parcel back.
      shipment.isReturn = true;
      this.move(shipment, 'rto-initiated', SHIPROCKET_CODE.rtoInitiated, STEPS.rto.courierCode, `Return to origin: ${shipment.attemptsSinceAction} delivery attempts failed`, 'destination');
    }
  }

  /** POST /ndr/{awb}/action. Only for a shipment waiting after a failed attempt; a return cannot be undone. */
  ndrAction(awb: string, action: { action: 're-attempt' | 'return'; comments: string; deferredDate?: string; phone?: string; address1?: string; address2?: string }): Shipment {
    const shipment = this.byAwb.get(awb);
    if (!shipment?.ndr) throw apiError(404, `No NDR for AWB ${awb}`);
    if (shipment.phase !== 'undelivered') throw apiError(400, `No action can be taken: the shipment is ${statusLabel(shipment)}`);
    const at = new Date(Math.floor(Date.now() / 1000) * 1000);
    shipment.ndr.history.push({ reason: shipment.ndr.reason, attempt: shipment.attempts, actionBy: 'seller', action: action.action, comment: action.comments, at });
    shipment.attemptsSinceAction = 0;
    if (action.action === 'return') {
      shipment.isReturn = true;
      this.move(shipment, 'rto-initiated', SHIPROCKET_CODE.rtoInitiated, STEPS.rto.courierCode, 'Return to origin requested by the seller', 'destination');
      return shipment;
    }
    if (action.phone) shipment.customer.phone = action.phone;
    if (action.address1) shipment.customer.address = action.address1;
    if (action.address2) shipment.customer.address2 = action.address2;
    if (action.deferredDate) {
      shipment.ndr.deferredDate = action.deferredDate;
      shipment.etd = parseCourierTime(`${action.deferredDate} 18:00:00`) ?? shipment.etd;
    }
    return shipment;
  }

  /** Scans are whole seconds, each at least a second after the one before: two events of a shipment never share a time. */
  private nextScanTime(shipment: Shipment): Date {
    const now = Math.floor(Date.now() / 1000) * 1000;
    const last = shipment.scans.at(-1)?.at.getTime() ?? 0;
    return new Date(Math.max(now, last + 1000));
  }

  /** Moves the shipment to `phase` with a scan, and sends the webhook that says so. */
  private move(shipment: Shipment, phase: Phase, code: number, courierCode: string, activity: string, where: ScanPlace, beforeWebhook?: () => void): Scan {
    const at = this.nextScanTime(shipment);
    const origin = place(PICKUP_LOCATION.pin_code);
    const destination = place(shipment.customer.pincode);
    const location = where === 'origin' ? origin : where === 'destination' ? destination : `Transit hub, ${origin} to ${destination}`;
    const scan: Scan = { at, code, label: labelOf(code), courierCode, activity, location };
    shipment.scans.push(scan);
    shipment.phase = phase;
    beforeWebhook?.();
    this.webhooks.emit(shipment.awb!, scan.label, webhookPayload(shipment));
    return scan;
  }

  /** GET /sandbox/state */
  snapshot() {
    return {
      knobs: this.knobs,
      shipments: [...this.shipments.values()].map((s) => ({ ...s, courier: s.courier ? { id: s.courier.id, name: s.courier.name } : null, status: statusLabel(s) })),
      webhooks: {
        url: this.knobs.webhookUrl ?? this.config.webhookUrl ?? null,
        idle: this.webhooks.idle,
        withheld: this.webhooks.withheldCount,
        records: this.webhooks.records.map((record) => ({ ...record, body: JSON.parse(record.body) as unknown })),
        deliveries: this.webhooks.deliveries,
      },
      requests: this.requests,
    };
  }

  /** For the dashboard: every courier the sandbox knows. */
  readonly couriers = SANDBOX_COURIERS;
}
