import { paiseToRupees, rupeesToPaise } from '@pickles/shared/money';
import { formatCourierTime, indiaDay, parseCourierTime } from './courier-time.js';
import { CourierError, invalidInput } from './errors.js';
import { createTransport, httpError, isObject, type ApiAnswer, type RequestOptions } from './http.js';
import { ndrReasonCode } from './ndr-reasons.js';
import { shipmentStatusOf } from './statuses.js';
import { DEFAULT_TRACKING_PAGE_URL, isAuthenticWebhook, parseScans, parseTrackingWebhook } from './tracking.js';
import type {
  AssignedAwb,
  BookedShipment,
  CourierClient,
  CourierConfig,
  CourierOption,
  NdrShipment,
  ScheduledPickup,
  TrackingResult,
} from './types.js';
import { assertAwb, assertFutureDay, assertNdrAction, assertPincode, assertPositiveInteger, assertShipmentIds, assertShipmentOrder, assertWeightKg } from './validation.js';

export const DEFAULT_API_BASE_URL = 'https://apiv2.shiprocket.in';
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Shiprocket's tokens last 10 days; ours is replaced a day early so it never expires mid-call. */
export const TOKEN_MAX_AGE_MS = 9 * 24 * 3600_000;
/** Extra attempts for calls that are safe to repeat. */
export const MAX_RETRIES = 2;
const BACKOFF_MS = [150, 400];
/** Shiprocket sends no Retry-After with its 429. */
const RATE_LIMIT_BACKOFF_MS = 1_000;
/** The order search: 50 a page, and no more than 20 pages (a thousand orders containing our reference). */
const SEARCH_PAGE_SIZE = 50;
const SEARCH_MAX_PAGES = 20;
/** The batch tracking call takes at most this many AWBs. */
export const TRACK_BATCH_SIZE = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const backoff = (error: CourierError, attempt: number) => (error.kind === 'rate_limited' ? RATE_LIMIT_BACKOFF_MS : (BACKOFF_MS[attempt] ?? 500));
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};
const unexpected = (what: string) => new CourierError('unavailable', `The courier's answer to ${what} was not in the expected shape`);

/**
 * Repeats `attempt` on errors that say nothing was (or may not have been) done, after a short wait,
 * at most MAX_RETRIES more times. Before each repeat, `recover` may find that the earlier attempt
 * did go through after all and return its result instead.
 */
async function withRetries<T>(attempt: () => Promise<T>, recover?: () => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof CourierError) || !error.retryable || tries >= MAX_RETRIES) throw error;
      await sleep(backoff(error, tries));
      const found = recover ? await recover().catch(() => undefined) : undefined;
      if (found !== undefined) return found;
    }
  }
}

/**
 * For calls the courier refuses to repeat (assign an AWB, schedule a pickup): retried like the others,
 * and when refused, or unanswered, `existing` looks at the shipment: what an earlier call already did
 * is the answer.
 */
async function doneOnce<T>(attempt: () => Promise<T>, existing: () => Promise<T | undefined>): Promise<T> {
  try {
    return await withRetries(attempt, existing);
  } catch (error) {
    if (error instanceof CourierError && error.kind === 'invalid_request') {
      const done = await existing().catch(() => undefined);
      if (done) return done;
    }
    throw error;
  }
}

function courierOption(raw: unknown): CourierOption | undefined {
  if (!isObject(raw)) return undefined;
  const courierId = numberOf(raw.courier_company_id);
  const rate = numberOf(raw.rate);
  if (courierId === null || rate === null) return undefined;
  const etd = parseCourierTime(raw.etd);
  return {
    courierId,
    courierName: text(raw.courier_name),
    ratePaise: rupeesToPaise(rate),
    estimatedDeliveryDays: numberOf(raw.estimated_delivery_days),
    expectedDeliveryDay: etd ? indiaDay(etd) : null,
    rating: numberOf(raw.rating),
  };
}

function ndrShipment(raw: unknown): NdrShipment {
  if (!isObject(raw) || !text(raw.awb_code)) throw unexpected('the NDR list');
  const reason = text(raw.reason);
  const address = [raw.customer_address, raw.customer_address_2, raw.customer_city, raw.customer_pincode].map(text).filter(Boolean).join(', ');
  return {
    awb: text(raw.awb_code),
    shipmentId: numberOf(raw.shipment_id),
    courierName: text(raw.courier),
    courierStatus: text(raw.status),
    reason,
    reasonCode: ndrReasonCode(reason),
    attempts: numberOf(raw.attempts) ?? 0,
    raisedAt: parseCourierTime(raw.ndr_raised_at) ?? null,
    customer: { name: text(raw.customer_name), phone: text(raw.customer_phone), address },
    history: (Array.isArray(raw.history) ? raw.history : []).filter(isObject).map((entry) => ({
      reason: text(entry.ndr_reason),
      attempt: numberOf(entry.ndr_attempt),
      actionBy: text(entry.action_by),
      comment: text(entry.comment),
      at: parseCourierTime(entry.ndr_raised_at) ?? null,
    })),
  };
}

export function createCourierClient(config: CourierConfig): CourierClient {
  if (!config.email || !config.password) throw new Error('The courier API e-mail and password are required');
  if (!config.webhookToken) throw new Error('The courier webhook token is required (the token typed in its webhook settings)');
  const apiBaseUrl = config.apiBaseUrl ?? DEFAULT_API_BASE_URL;
  if (!URL.canParse(apiBaseUrl) || !/^https?:$/.test(new URL(apiBaseUrl).protocol)) throw new Error(`The courier apiBaseUrl must be an http(s) URL, got "${apiBaseUrl}"`);
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const trackingPageUrl = config.trackingPageUrl ?? DEFAULT_TRACKING_PAGE_URL;
  const transport = createTransport({
    apiBaseUrl,
    email: config.email,
    password: config.password,
    timeoutMs,
    tokenMaxAgeMs: TOKEN_MAX_AGE_MS,
  });

  /** One request; any answer but 2xx becomes a CourierError. */
  async function call(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
    const answer: ApiAnswer = await transport.request(method, path, options);
    if (answer.status < 200 || answer.status >= 300) throw httpError(answer);
    return answer.body;
  }

  const trackUrlOf = (awb: string) => `${trackingPageUrl}${encodeURIComponent(awb)}`;

  function trackingResult(awb: string, raw: unknown): TrackingResult {
    const data = isObject(raw) && isObject(raw.tracking_data) ? raw.tracking_data : undefined;
    if (!data) throw unexpected('tracking');
    const track = Array.isArray(data.shipment_track) && isObject(data.shipment_track[0]) ? data.shipment_track[0] : {};
    const scans = parseScans(awb, data.shipment_track_activities);
    const latest = scans.at(-1);
    const hasScans = data.track_status === 1 || data.track_status === '1';
    const statusCode = data.shipment_status ?? track.current_status;
    return {
      awb,
      status: hasScans ? (latest?.status ?? shipmentStatusOf(statusCode, track.current_status)) : null,
      courierStatus: hasScans ? (latest?.courierStatus ?? (text(track.current_status) || null)) : null,
      courierName: text(track.courier_name) || null,
      expectedDelivery: parseCourierTime(data.etd) ?? parseCourierTime(track.edd) ?? null,
      deliveredAt: parseCourierTime(track.delivered_date) ?? null,
      trackUrl: text(data.track_url) || trackUrlOf(awb),
      scans,
    };
  }

  async function shipmentDetails(shipmentId: number): Promise<Record<string, unknown>> {
    const body = await withRetries(() => call('GET', `/shipments/${shipmentId}`));
    if (!isObject(body) || !isObject(body.data)) throw unexpected('a shipment lookup');
    return body.data;
  }

  /**
   * A step on one shipment that must be done once (an AWB, a pickup): when its answer was lost, or
   * it is refused because it was done, what `doneIn` reads from the shipment's details is the answer.
   */
  function onceOnShipment<T>(shipmentId: number, doneIn: (shipment: Record<string, unknown>) => T | undefined, step: () => Promise<T>): Promise<T> {
    return doneOnce(step, async () => doneIn(await shipmentDetails(shipmentId)));
  }

  /**
   * The booking with our reference, if the courier has one. Its search is fuzzy ("contains") and
   * newest first, so later orders whose references contain ours can fill the first pages: every
   * page is read (up to SEARCH_MAX_PAGES) and only an exact reference counts.
   */
  async function findBooking(orderRef: string): Promise<BookedShipment | undefined> {
    const matches: Record<string, unknown>[] = [];
    for (let page = 1; page <= SEARCH_MAX_PAGES; page++) {
      const body = await withRetries(() => call('GET', '/orders', { query: { search: orderRef, per_page: SEARCH_PAGE_SIZE, page } }));
      if (!isObject(body) || !Array.isArray(body.data)) throw unexpected('an order search');
      matches.push(...body.data.filter((order): order is Record<string, unknown> => isObject(order) && text(order.channel_order_id) === orderRef));
      const pagination = isObject(body.meta) && isObject(body.meta.pagination) ? body.meta.pagination : {};
      if (page >= (numberOf(pagination.total_pages) ?? 1) || body.data.length < SEARCH_PAGE_SIZE) break;
    }
    // Should an earlier duplicate exist, always the same (the first) one is ours.
    const order = matches.sort((a, b) => (numberOf(a.id) ?? 0) - (numberOf(b.id) ?? 0))[0];
    if (!order) return undefined;
    const shipment = Array.isArray(order.shipments) && isObject(order.shipments[0]) ? order.shipments[0] : {};
    const courierOrderId = numberOf(order.id);
    const shipmentId = numberOf(shipment.id);
    if (courierOrderId === null || shipmentId === null) throw unexpected('an order search');
    return { courierOrderId, shipmentId, status: text(order.status), awb: text(shipment.awb) || null, courierName: text(shipment.courier) || null, alreadyExisted: true };
  }

  const client: CourierClient = {
    trackUrlOf,

    async checkServiceability({ pickupPincode, deliveryPincode, weightKg, cod = false }) {
      assertPincode(pickupPincode, 'pickupPincode');
      assertPincode(deliveryPincode, 'deliveryPincode');
      assertWeightKg(weightKg);
      const answer = await withRetries(async () => {
        const result = await transport.request('GET', '/courier/serviceability', {
          query: { pickup_postcode: pickupPincode, delivery_postcode: deliveryPincode, weight: weightKg, cod: cod ? 1 : 0 },
        });
        if (result.status >= 500 || result.status === 429 || result.status === 401) throw httpError(result);
        return result;
      });
      const body = answer.body;
      const data = isObject(body) && isObject(body.data) ? body.data : undefined;
      const couriers = (data && Array.isArray(data.available_courier_companies) ? data.available_courier_companies : [])
        .map(courierOption)
        .filter((option): option is CourierOption => option !== undefined);
      if (answer.status === 404 || (isObject(body) && body.status === 404) || (answer.status < 300 && couriers.length === 0)) {
        return { serviceable: false, message: (isObject(body) && text(body.message)) || 'No courier delivers to this pincode' };
      }
      if (answer.status >= 300) throw httpError(answer);
      return { serviceable: true, couriers, recommendedCourierId: numberOf(data?.recommended_courier_company_id) };
    },

    async createShipment(order) {
      assertShipmentOrder(order);
      // The courier has no idempotency key: the reference is looked up before creating, and again
      // before each retry, so a create that went through unseen (timeout, dropped answer) is found
      // instead of booked twice.
      const existing = await findBooking(order.orderRef);
      if (existing) return existing;
      const subTotalPaise = order.items.reduce((sum, item) => sum + item.units * item.unitPricePaise, 0);
      const { customer, parcel } = order;
      const body = {
        order_id: order.orderRef,
        order_date: formatCourierTime(order.orderDate, 'order'),
        pickup_location: order.pickupLocation,
        billing_customer_name: customer.name,
        billing_last_name: '',
        billing_address: customer.address,
        billing_address_2: customer.address2 ?? '',
        billing_city: customer.city,
        billing_pincode: customer.pincode,
        billing_state: customer.state,
        billing_country: 'India',
        billing_email: customer.email,
        billing_phone: customer.phone,
        shipping_is_billing: true,
        order_items: order.items.map((item) => ({
          name: item.name,
          sku: item.sku,
          units: item.units,
          selling_price: paiseToRupees(item.unitPricePaise),
          ...(item.hsn ? { hsn: item.hsn } : {}),
        })),
        payment_method: 'Prepaid',
        sub_total: paiseToRupees(subTotalPaise),
        length: parcel.lengthCm,
        breadth: parcel.breadthCm,
        height: parcel.heightCm,
        weight: parcel.weightKg,
      };
      return withRetries(
        async () => {
          const created = await call('POST', '/orders/create/adhoc', { body });
          if (!isObject(created)) throw unexpected('create order');
          const courierOrderId = numberOf(created.order_id);
          const shipmentId = numberOf(created.shipment_id);
          if (courierOrderId === null || shipmentId === null) throw unexpected('create order');
          return { courierOrderId, shipmentId, status: text(created.status), awb: text(created.awb_code) || null, courierName: text(created.courier_name) || null, alreadyExisted: false };
        },
        () => findBooking(order.orderRef),
      );
    },

    async assignAwb({ shipmentId, courierId }) {
      assertPositiveInteger(shipmentId, 'shipmentId');
      if (courierId !== undefined) assertPositiveInteger(courierId, 'courierId');
      const assignedIn = (shipment: Record<string, unknown>): AssignedAwb | undefined => {
        const awb = text(shipment.awb);
        const assignedCourier = numberOf(shipment.courier_company_id);
        if (!awb || assignedCourier === null) return undefined;
        return { awb, courierId: assignedCourier, courierName: text(shipment.courier), shipmentId, courierOrderId: numberOf(shipment.order_id) };
      };
      return onceOnShipment(shipmentId, assignedIn, async () => {
        const body = await call('POST', '/courier/assign/awb', { body: { shipment_id: shipmentId, ...(courierId !== undefined ? { courier_id: courierId } : {}) } });
        const data = isObject(body) && isObject(body.response) && isObject(body.response.data) ? body.response.data : undefined;
        if (!isObject(body) || body.awb_assign_status !== 1 || !data) {
          throw new CourierError('invalid_request', text(data?.awb_assign_error) || text(isObject(body) ? body.message : '') || 'The courier did not assign an AWB');
        }
        const awb = text(data.awb_code);
        const assignedCourier = numberOf(data.courier_company_id);
        if (!awb || assignedCourier === null) throw unexpected('assign AWB');
        return { awb, courierId: assignedCourier, courierName: text(data.courier_name), shipmentId, courierOrderId: numberOf(data.order_id) };
      });
    },

    async schedulePickup({ shipmentId, pickupDate }) {
      assertPositiveInteger(shipmentId, 'shipmentId');
      if (pickupDate !== undefined) assertFutureDay(pickupDate, 'pickupDate');
      const scheduledIn = (shipment: Record<string, unknown>): ScheduledPickup | undefined => {
        const at = parseCourierTime(shipment.pickup_scheduled_date);
        return at ? { shipmentId, pickupScheduledAt: at, pickupTokenNumber: text(shipment.pickup_token_number) || null } : undefined;
      };
      return onceOnShipment(shipmentId, scheduledIn, async () => {
        const body = await call('POST', '/courier/generate/pickup', { body: { shipment_id: [shipmentId], ...(pickupDate ? { pickup_date: [pickupDate] } : {}) } });
        const response = isObject(body) && isObject(body.response) ? body.response : undefined;
        if (!isObject(body) || body.pickup_status !== 1 || !response) throw new CourierError('invalid_request', text(isObject(body) ? body.message : '') || 'The courier did not schedule the pickup');
        return { shipmentId, pickupScheduledAt: parseCourierTime(response.pickup_scheduled_date) ?? null, pickupTokenNumber: text(response.pickup_token_number) || null };
      });
    },

    async labelUrl(shipmentIds) {
      assertShipmentIds(shipmentIds);
      const body = await withRetries(() => call('POST', '/courier/generate/label', { body: { shipment_id: shipmentIds } }));
      if (!isObject(body)) throw unexpected('generate label');
      const notCreated = (Array.isArray(body.not_created) ? body.not_created : []).map(numberOf).filter((id): id is number => id !== null);
      if (body.label_created !== 1 || !text(body.label_url)) throw new CourierError('invalid_request', text(body.message) || text(body.response) || 'The courier made no label (do the shipments have an AWB?)');
      return { url: text(body.label_url), notCreated };
    },

    async manifestUrl(shipmentIds) {
      assertShipmentIds(shipmentIds);
      const body = await withRetries(() => call('POST', '/manifests/generate', { body: { shipment_id: shipmentIds } }));
      if (!isObject(body) || !text(body.manifest_url)) throw unexpected('generate manifest');
      return { url: text(body.manifest_url) };
    },

    async cancel(target) {
      if (isObject(target) && 'awb' in target) {
        assertAwb(target.awb);
        await withRetries(() => call('POST', '/orders/cancel/shipment/awbs', { body: { awbs: [target.awb] } }));
        return;
      }
      assertPositiveInteger((target as { courierOrderId?: unknown } | undefined)?.courierOrderId, 'courierOrderId');
      await withRetries(() => call('POST', '/orders/cancel', { body: { ids: [target.courierOrderId] } }));
    },

    async track(awb) {
      assertAwb(awb);
      return trackingResult(awb, await withRetries(() => call('GET', `/courier/track/awb/${encodeURIComponent(awb)}`)));
    },

    async trackMany(awbs) {
      if (!Array.isArray(awbs)) throw invalidInput('awbs', 'awbs must be a list');
      awbs.forEach((awb, index) => assertAwb(awb, `awbs[${index}]`));
      const unique = [...new Set(awbs)];
      const results = new Map<string, TrackingResult | null>();
      for (let start = 0; start < unique.length; start += TRACK_BATCH_SIZE) {
        const batch = unique.slice(start, start + TRACK_BATCH_SIZE);
        const body = await withRetries(() => call('POST', '/courier/track/awbs', { body: { awbs: batch } }));
        if (!isObject(body)) throw unexpected('batch tracking');
        for (const awb of batch) results.set(awb, isObject(body[awb]) ? trackingResult(awb, body[awb]) : null);
      }
      return results;
    },

    async ndrList({ page = 1, perPage = 20, awb } = {}) {
      assertPositiveInteger(page, 'page');
      assertPositiveInteger(perPage, 'perPage');
      if (awb !== undefined) assertAwb(awb);
      const body = await withRetries(() => call('GET', '/ndr/all', { query: { page, per_page: perPage, ...(awb ? { search: awb } : {}) } }));
      if (!isObject(body) || !Array.isArray(body.data)) throw unexpected('the NDR list');
      const pagination = isObject(body.meta) && isObject(body.meta.pagination) ? body.meta.pagination : {};
      return {
        items: body.data.map(ndrShipment),
        page: numberOf(pagination.current_page) ?? page,
        totalPages: numberOf(pagination.total_pages) ?? 1,
        total: numberOf(pagination.total) ?? body.data.length,
      };
    },

    async ndrDetail(awb) {
      assertAwb(awb);
      const body = await withRetries(() => call('GET', `/ndr/${encodeURIComponent(awb)}`));
      const data = isObject(body) ? body.data : undefined;
      return ndrShipment(Array.isArray(data) ? data[0] : data);
    },

    async ndrAction(input) {
      assertNdrAction(input);
      // Not idempotent at the courier: the seller actions it has recorded are counted first, and
      // after a failure with no answer, counted again, so an action that went through is not sent twice.
      const sellerActions = (ndr: NdrShipment) => ndr.history.filter((entry) => entry.actionBy.toLowerCase() === 'seller').length;
      const before = sellerActions(await client.ndrDetail(input.awb));
      const body = {
        action: input.action,
        comments: input.comments,
        ...(input.date ? { deferred_date: input.date } : {}),
        ...(input.phone ? { phone: input.phone } : {}),
        ...(input.addressNote ? { address2: input.addressNote } : {}),
      };
      await withRetries(
        async () => {
          await call('POST', `/ndr/${encodeURIComponent(input.awb)}/action`, { body });
          return true;
        },
        async () => (sellerActions(await client.ndrDetail(input.awb)) > before ? true : undefined),
      );
    },

    isAuthenticWebhook(headers) {
      return isAuthenticWebhook(headers, config.webhookToken);
    },

    parseTrackingWebhook(raw) {
      return parseTrackingWebhook(raw, trackingPageUrl);
    },
  };
  return client;
}
