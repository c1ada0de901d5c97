import { formatCourierTime, indiaDay, parseCourierTime } from '@pickles/courier-client';
import { EMAIL_PATTERN } from '@pickles/shared/validation';
import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { apiError, ApiError, invalidData, sendApiError } from './api-errors.js';
import { PICKUP_LOCATION, type NewOrder, type Shipment } from './model.js';
import { courierCompany, quotes, recommended } from './rates.js';
import type { CourierState } from './state.js';
import { ndrView, orderView, shipmentView, trackingData } from './views.js';

/** The sandbox's public URL: configured, or as this request reached it. */
export const publicUrlOf = (state: CourierState, req: Request) => state.config.publicUrl ?? `${req.protocol}://${req.get('host')}`;

/** Collects Laravel-style field errors ("The billing pincode field is required.") and throws them as one 422. */
class FieldErrors {
  readonly errors: Record<string, string[]> = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw invalidData(this.errors);
  }
}

const spoken = (field: string) => field.replace(/_/g, ' ');

function textField(body: Record<string, unknown>, field: string, errors: FieldErrors, { max = 200, required = true } = {}): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    if (required) errors.add(field, `The ${spoken(field)} field is required.`);
    return '';
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    errors.add(field, `The ${spoken(field)} must be a string.`);
    return '';
  }
  const text = String(value).trim();
  if (text.length > max) errors.add(field, `The ${spoken(field)} may not be greater than ${max} characters.`);
  return text;
}

function numberField(body: Record<string, unknown>, field: string, errors: FieldErrors, min: number): number {
  const value = body[field];
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (value === undefined || value === null || value === '') errors.add(field, `The ${spoken(field)} field is required.`);
  else if (!Number.isFinite(n)) errors.add(field, `The ${spoken(field)} must be a number.`);
  else if (n < min) errors.add(field, `The ${spoken(field)} must be at least ${min}.`);
  return n;
}

function bodyOf(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw apiError(400, 'The request body must be a JSON object');
  return body as Record<string, unknown>;
}

/** A list of positive integers (shipment or order ids) under `field`. */
function idList(body: Record<string, unknown>, field: string): number[] {
  const value = body[field];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const ids = list.map((id) => (typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id));
  if (ids.length === 0 || !ids.every((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0)) {
    throw invalidData({ [field]: [`The ${spoken(field)} must be a list of ids.`] });
  }
  return ids;
}

/** POST /orders/create/adhoc: the fields the shop sends, checked as Shiprocket checks them. */
function parseAdhocOrder(body: Record<string, unknown>): NewOrder {
  const errors = new FieldErrors();
  const channelOrderId = textField(body, 'order_id', errors, { max: 50 });
  const orderDate = textField(body, 'order_date', errors, { max: 20 });
  if (orderDate && !parseCourierTime(orderDate)) errors.add('order_date', 'The order date does not match the format Y-m-d H:i.');
  const pickup = textField(body, 'pickup_location', errors, { max: 60 });
  if (pickup && pickup !== PICKUP_LOCATION.pickup_location) errors.add('pickup_location', 'Wrong Pickup location entered. Please choose one location from data given');
  const customer = {
    name: textField(body, 'billing_customer_name', errors, { max: 100 }),
    lastName: textField(body, 'billing_last_name', errors, { max: 100, required: false }),
    address: textField(body, 'billing_address', errors),
    address2: textField(body, 'billing_address_2', errors, { required: false }),
    city: textField(body, 'billing_city', errors, { max: 100 }),
    state: textField(body, 'billing_state', errors, { max: 100 }),
    country: textField(body, 'billing_country', errors, { max: 60 }),
    pincode: textField(body, 'billing_pincode', errors, { max: 6 }),
    email: textField(body, 'billing_email', errors),
    phone: textField(body, 'billing_phone', errors, { max: 10 }),
  };
  if (customer.pincode && !/^[1-9]\d{5}$/.test(customer.pincode)) errors.add('billing_pincode', 'The billing pincode must be 6 digits.');
  if (customer.phone && !/^\d{10}$/.test(customer.phone)) errors.add('billing_phone', 'The billing phone must be 10 digits.');
  if (customer.email && !EMAIL_PATTERN.test(customer.email)) errors.add('billing_email', 'The billing email must be a valid email address.');
  // The sandbox ships to the billing address only (the shop never sends another).
  if (body.shipping_is_billing !== true && body.shipping_is_billing !== 1 && body.shipping_is_billing !== '1') {
    errors.add('shipping_is_billing', 'The sandbox supports shipping_is_billing: true only.');
  }
  const paymentMethod = textField(body, 'payment_method', errors, { max: 10 });
  if (paymentMethod && paymentMethod !== 'Prepaid' && paymentMethod !== 'COD') errors.add('payment_method', 'The selected payment method is invalid.');
  const rawItems = Array.isArray(body.order_items) ? body.order_items : [];
  if (rawItems.length === 0) errors.add('order_items', 'The order items field is required.');
  const items = rawItems.map((raw, index) => {
    const item = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const itemErrors = new FieldErrors();
    const parsed = {
      name: textField(item, 'name', itemErrors),
      sku: textField(item, 'sku', itemErrors, { max: 50 }),
      units: numberField(item, 'units', itemErrors, 1),
      selling_price: numberField(item, 'selling_price', itemErrors, 0),
      hsn: textField(item, 'hsn', itemErrors, { max: 8, required: false }),
    };
    if (Number.isFinite(parsed.units) && !Number.isInteger(parsed.units)) itemErrors.add('units', 'The units must be an integer.');
    for (const [field, messages] of Object.entries(itemErrors.errors)) for (const message of messages) errors.add(`order_items.${index}.${field}`, message);
    return parsed;
  });
  const subTotal = numberField(body, 'sub_total', errors, 0);
  const parcel = {
    length: numberField(body, 'length', errors, 0.5),
    breadth: numberField(body, 'breadth', errors, 0.5),
    height: numberField(body, 'height', errors, 0.5),
    weight: numberField(body, 'weight', errors, 0.01),
  };
  errors.throwIfAny();
  return { channelOrderId, orderDate, customer, items, paymentMethod: paymentMethod as 'Prepaid' | 'COD', subTotal, parcel };
}

/** Bearer token; 401 in Shiprocket's words when it is missing, unknown or expired. */
function bearerAuth(state: CourierState): RequestHandler {
  return (req, res, next) => {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const token = state.tokenState(match?.[1]);
    if (token === 'ok') {
      next();
      return;
    }
    const message = token === 'expired' ? 'Token has expired' : 'Unauthenticated.';
    res.status(401).json({ message, status_code: 401 });
  };
}

/**
 * The apiLatencyMs knob (every call waits first), then apiFailure: a 503 or 429 (nothing done), a
 * connection dropped at once (nothing done), held then dropped (nothing done), or the call carried
 * out with its answer held then dropped (lost_response: done, but the caller never learns it).
 */
function failureInjection(state: CourierState, held: Set<Response>): RequestHandler {
  return (req, res, next) => {
    const run = () => {
      const failure = state.takeApiFailure(req.path);
      if (failure === 'unavailable') {
        res.status(503).json({ message: 'Service Unavailable', status_code: 503 });
        return;
      }
      if (failure === 'rate_limited') {
        res.status(429).json({ message: 'Too Many Attempts.', status_code: 429 });
        return;
      }
      if (failure === 'refused') {
        req.socket.destroy();
        return;
      }
      const hold = () => {
        held.add(res);
        state.later(state.knobs.apiTimeoutHoldMs, () => {
          held.delete(res);
          res.socket?.destroy();
        });
      };
      if (failure === 'timeout') {
        hold();
        return;
      }
      if (failure === 'lost_response') {
        res.end = function heldAnswer(this: Response) {
          hold();
          return this;
        } as Response['end'];
      }
      next();
    };
    const latency = state.knobs.apiLatencyMs;
    if (latency === 0) {
      run();
      return;
    }
    held.add(res);
    state.later(latency, () => {
      held.delete(res);
      if (!res.destroyed) run();
    });
  };
}

function requestLog(state: CourierState): RequestHandler {
  return (req, res, next) => {
    const path = req.originalUrl;
    let logged = false;
    const log = (statusCode: number | null) => {
      if (logged) return;
      logged = true;
      state.logRequest({ at: new Date().toISOString(), method: req.method, path, statusCode });
    };
    res.on('finish', () => log(res.statusCode));
    res.on('close', () => log(res.writableFinished ? res.statusCode : null));
    next();
  };
}

function awbLookup(state: CourierState, awb: string): Shipment {
  const shipment = state.findAwb(awb);
  if (!shipment) throw apiError(404, `Awb ${awb} not found`);
  return shipment;
}

/** /v1/external: the part of Shiprocket's API the shop uses, with its shapes and errors. */
export function apiRouter(state: CourierState, held: Set<Response>): Router {
  const router = Router();
  router.use(requestLog(state));
  router.use(failureInjection(state, held));
  router.use(express.json({ limit: '200kb' }));

  router.post('/auth/login', (req, res) => {
    const body = bodyOf(req);
    res.json(state.login(body.email, body.password));
  });

  router.use(bearerAuth(state));

  router.get('/settings/company/pickup', (_req, res) => {
    res.json({ data: { shipping_address: [{ ...PICKUP_LOCATION, status: 2 }], allow_more: '1', is_blackbox_seller: false, company_name: PICKUP_LOCATION.name } });
  });

  router.get('/courier/serviceability', (req, res) => {
    const query = req.query as Record<string, unknown>;
    const errors = new FieldErrors();
    const pickup = textField(query, 'pickup_postcode', errors, { max: 6 });
    const delivery = textField(query, 'delivery_postcode', errors, { max: 6 });
    if (pickup && !/^\d{6}$/.test(pickup)) errors.add('pickup_postcode', 'The pickup postcode must be 6 digits.');
    if (delivery && !/^\d{6}$/.test(delivery)) errors.add('delivery_postcode', 'The delivery postcode must be 6 digits.');
    const weight = numberField(query, 'weight', errors, 0.01);
    const cod = query.cod === '1' || query.cod === 'true';
    errors.throwIfAny();
    const options = quotes(pickup, delivery, weight, state.knobs.unserviceablePincodes);
    if (typeof options === 'string') {
      res.status(404).json({ status: 404, message: options });
      return;
    }
    res.json({
      status: 200,
      data: { available_courier_companies: options.map((quote) => courierCompany(quote, cod)), recommended_courier_company_id: recommended(options)?.courier.id ?? null },
    });
  });

  router.post('/orders/create/adhoc', (req, res) => {
    const shipment = state.createOrder(parseAdhocOrder(bodyOf(req)));
    res.json({ order_id: shipment.orderId, shipment_id: shipment.id, status: 'NEW', status_code: 1, onboarding_completed_now: 0, awb_code: '', courier_company_id: '', courier_name: '' });
  });

  router.get('/orders', (req, res) => {
    const search = typeof req.query.search === 'string' ? req.query.search : '';
    const perPage = Math.min(Math.max(Number(req.query.per_page) || 15, 1), 100);
    const page = Math.max(Number(req.query.page) || 1, 1);
    const found = state.searchOrders(search);
    const totalPages = Math.max(1, Math.ceil(found.length / perPage));
    res.json({
      data: found.slice((page - 1) * perPage, page * perPage).map(orderView),
      meta: { pagination: { total: found.length, count: Math.min(perPage, Math.max(0, found.length - (page - 1) * perPage)), per_page: perPage, current_page: page, total_pages: totalPages } },
    });
  });

  router.get('/orders/show/:id', (req, res) => {
    res.json({ data: orderView(state.order(Number(req.params.id))) });
  });

  router.get('/shipments/:id', (req, res) => {
    res.json({ data: shipmentView(state.shipment(Number(req.params.id))) });
  });

  router.post('/courier/assign/awb', (req, res) => {
    const body = bodyOf(req);
    const errors = new FieldErrors();
    const shipmentId = numberField(body, 'shipment_id', errors, 1);
    const courierId = body.courier_id === undefined || body.courier_id === null || body.courier_id === '' ? undefined : numberField(body, 'courier_id', errors, 1);
    errors.throwIfAny();
    const result = state.assignAwb(shipmentId, courierId);
    if ('error' in result) {
      // Shiprocket's way: HTTP 200, awb_assign_status 0 and the reason inside.
      res.json({ awb_assign_status: 0, response: { data: { awb_assign_error: result.error } } });
      return;
    }
    const { shipment } = result;
    res.json({
      awb_assign_status: 1,
      response: {
        data: {
          courier_company_id: shipment.courier!.id,
          awb_code: shipment.awb,
          cod: 0,
          order_id: shipment.orderId,
          shipment_id: shipment.id,
          awb_code_status: 1,
          assigned_date_time: { date: formatCourierTime(shipment.awbAssignedAt!, 'scan'), timezone_type: 3, timezone: 'Asia/Kolkata' },
          applied_weight: shipment.parcel.weight,
          courier_name: shipment.courier!.name,
          pickup_scheduled_date: null,
        },
      },
    });
  });

  router.post('/courier/generate/pickup', (req, res) => {
    const body = bodyOf(req);
    const ids = idList(body, 'shipment_id');
    const dates = Array.isArray(body.pickup_date) ? body.pickup_date : body.pickup_date === undefined ? [] : [body.pickup_date];
    const day = dates[0];
    if (day !== undefined && (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day) || !parseCourierTime(day) || day < indiaDay())) {
      throw invalidData({ pickup_date: ['The pickup date must be a date, today or later, as Y-m-d.'] });
    }
    const shipments = ids.map((id) => state.schedulePickup(id, day as string | undefined));
    const first = shipments[0]!;
    res.json({
      pickup_status: 1,
      response: {
        pickup_scheduled_date: formatCourierTime(first.pickupScheduledAt!, 'scan'),
        pickup_token_number: first.pickupTokenNumber,
        status: 3,
        others: '',
        pickup_generated_date: { date: formatCourierTime(new Date(), 'scan'), timezone_type: 3, timezone: 'Asia/Kolkata' },
        data: `Pickup is confirmed by ${first.courier!.name} For AWB :- ${shipments.map((s) => s.awb).join(', ')}`,
      },
    });
  });

  router.post('/courier/generate/label', (req, res) => {
    const ids = idList(bodyOf(req), 'shipment_id');
    const shipments = ids.map((id) => state.shipment(id));
    const printable = shipments.filter((s) => s.awb && s.phase !== 'cancelled');
    const notCreated = shipments.filter((s) => !printable.includes(s)).map((s) => s.id);
    if (printable.length === 0) {
      res.json({ label_created: 0, label_url: '', response: 'Label could not be generated: assign an AWB first', not_created: notCreated });
      return;
    }
    const token = state.storeFile('label', printable.map((s) => s.id));
    res.json({ label_created: 1, label_url: `${publicUrlOf(state, req)}/files/labels/${token}.pdf`, response: 'Label has been created and uploaded successfully!', not_created: notCreated });
  });

  const manifest = (req: Request, res: Response, shipments: Shipment[]) => {
    const waiting = shipments.filter((s) => s.phase !== 'pickup-scheduled');
    if (waiting.length > 0) throw apiError(400, `Schedule the pickup before the manifest: shipment ${waiting.map((s) => s.id).join(', ')}`);
    const token = state.storeFile('manifest', shipments.map((s) => s.id));
    res.json({ status: 1, manifest_url: `${publicUrlOf(state, req)}/files/manifests/${token}.pdf` });
  };
  router.post('/manifests/generate', (req, res) => {
    manifest(req, res, idList(bodyOf(req), 'shipment_id').map((id) => state.shipment(id)));
  });
  router.post('/manifests/print', (req, res) => {
    manifest(req, res, idList(bodyOf(req), 'order_ids').map((id) => state.order(id)));
  });

  router.post('/orders/cancel', (req, res) => {
    state.cancel(idList(bodyOf(req), 'ids').map((id) => state.order(id)));
    res.json({ status: 200, message: 'Order cancelled successfully.' });
  });

  router.post('/orders/cancel/shipment/awbs', (req, res) => {
    const awbs = bodyOf(req).awbs;
    if (!Array.isArray(awbs) || awbs.length === 0 || !awbs.every((awb) => typeof awb === 'string' && awb)) throw invalidData({ awbs: ['The awbs must be a list of AWB numbers.'] });
    state.cancel((awbs as string[]).map((awb) => awbLookup(state, awb)));
    res.json({ status: 200, message: 'Shipment cancelled successfully.' });
  });

  router.get('/courier/track/awb/:awb', (req, res) => {
    res.json({ tracking_data: trackingData(awbLookup(state, req.params.awb), publicUrlOf(state, req)) });
  });

  router.post('/courier/track/awbs', (req, res) => {
    const awbs = bodyOf(req).awbs;
    if (!Array.isArray(awbs) || awbs.length === 0 || awbs.length > 50 || !awbs.every((awb) => typeof awb === 'string' && awb)) {
      throw invalidData({ awbs: ['The awbs must be a list of 1 to 50 AWB numbers.'] });
    }
    const answer: Record<string, unknown> = {};
    for (const awb of awbs as string[]) {
      const shipment = state.findAwb(awb);
      if (shipment) answer[awb] = { tracking_data: trackingData(shipment, publicUrlOf(state, req)) };
    }
    res.json(answer);
  });

  router.get('/ndr/all', (req, res) => {
    const search = typeof req.query.search === 'string' ? req.query.search.trim() : '';
    const perPage = Math.min(Math.max(Number(req.query.per_page) || 15, 1), 100);
    const page = Math.max(Number(req.query.page) || 1, 1);
    const all = [...state.shipments.values()]
      .filter((s) => s.ndr && (!search || s.awb === search || s.channelOrderId.includes(search)))
      .sort((a, b) => b.ndr!.raisedAt.getTime() - a.ndr!.raisedAt.getTime());
    const items = all.slice((page - 1) * perPage, page * perPage);
    res.json({ data: items.map(ndrView), meta: { pagination: { total: all.length, count: items.length, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(all.length / perPage)) } } });
  });

  router.get('/ndr/:awb', (req, res) => {
    const shipment = state.findAwb(req.params.awb);
    if (!shipment?.ndr) throw apiError(404, `No NDR for AWB ${req.params.awb}`);
    res.json({ data: ndrView(shipment) });
  });

  router.post('/ndr/:awb/action', (req, res) => {
    const body = bodyOf(req);
    const errors = new FieldErrors();
    const action = textField(body, 'action', errors, { max: 20 });
    if (action && action !== 're-attempt' && action !== 'return') errors.add('action', 'The selected action is invalid.');
    const comments = textField(body, 'comments', errors, { max: 250 });
    const deferredDate = textField(body, 'deferred_date', errors, { max: 10, required: false });
    if (deferredDate && (!/^\d{4}-\d{2}-\d{2}$/.test(deferredDate) || !parseCourierTime(deferredDate) || deferredDate < indiaDay())) {
      errors.add('deferred_date', 'The deferred date must be a date, today or later, as Y-m-d.');
    }
    const phone = textField(body, 'phone', errors, { max: 10, required: false });
    if (phone && !/^\d{10}$/.test(phone)) errors.add('phone', 'The phone must be 10 digits.');
    const address1 = textField(body, 'address1', errors, { required: false });
    const address2 = textField(body, 'address2', errors, { required: false });
    errors.throwIfAny();
    state.ndrAction(req.params.awb, {
      action: action as 're-attempt' | 'return',
      comments,
      ...(deferredDate ? { deferredDate } : {}),
      ...(phone ? { phone } : {}),
      ...(address1 ? { address1 } : {}),
      ...(address2 ? { address2 } : {}),
    });
    // Shiprocket's answer, spelling included.
    res.status(202).json({ status: 'Data Updated Sucessfully' });
  });

  router.use(() => {
    throw apiError(404, 'The requested URL was not found.');
  });

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    if (error instanceof ApiError) {
      sendApiError(res, error);
      return;
    }
    if ((error as { type?: string })?.type === 'entity.parse.failed') {
      sendApiError(res, apiError(400, 'The request body is not valid JSON'));
      return;
    }
    state.logger.error({ err: error }, 'courier sandbox API error');
    sendApiError(res, apiError(500, 'Server Error'));
  };
  router.use(onError);
  return router;
}
