import { EMAIL_PATTERN } from '@pickles/shared/validation';
import { indiaDay, parseCourierTime } from './courier-time.js';
import { invalidInput } from './errors.js';
import type { NdrActionInput, ShipmentOrder } from './types.js';

/**
 * Every input is checked here before any request: a mistake is ours to fix, and the courier would
 * otherwise answer it with a 422 after a round trip (or, worse, book something half right).
 */

const PINCODE = /^[1-9]\d{5}$/;
const PHONE = /^[6-9]\d{9}$/;
const AWB = /^[A-Za-z0-9-]{4,40}$/;
const ORDER_REF = /^[A-Za-z0-9][A-Za-z0-9_/-]{0,49}$/;
/** The courier's weight and size limits for one parcel are its own; these only catch nonsense (grams for kg). */
const MAX_WEIGHT_KG = 100;
const MAX_SIDE_CM = 300;

export function assertPincode(value: unknown, field: string): asserts value is string {
  if (typeof value !== 'string' || !PINCODE.test(value)) throw invalidInput(field, `${field} must be a 6-digit Indian pincode`);
}

export function assertWeightKg(value: unknown, field = 'weightKg'): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_WEIGHT_KG) {
    throw invalidInput(field, `${field} must be more than 0 and at most ${MAX_WEIGHT_KG} kilograms`);
  }
}

export function assertPositiveInteger(value: unknown, field: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) throw invalidInput(field, `${field} must be a positive whole number`);
}

export function assertShipmentIds(ids: unknown): asserts ids is number[] {
  if (!Array.isArray(ids) || ids.length === 0) throw invalidInput('shipmentIds', 'shipmentIds must list at least one shipment');
  ids.forEach((id, index) => assertPositiveInteger(id, `shipmentIds[${index}]`));
}

export function assertAwb(value: unknown, field = 'awb'): asserts value is string {
  if (typeof value !== 'string' || !AWB.test(value)) throw invalidInput(field, `${field} must be 4-40 letters, digits or hyphens`);
}

function assertText(value: unknown, field: string, max: number, required = true): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'string' || (required && value.trim() === '')) throw invalidInput(field, `${field} is required`);
  if (value.length > max) throw invalidInput(field, `${field} may not be longer than ${max} characters`);
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) throw invalidInput(field, `${field} contains control characters`);
}

/** A "YYYY-MM-DD" India day, today or later. */
export function assertFutureDay(value: unknown, field: string): asserts value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || !parseCourierTime(value)) throw invalidInput(field, `${field} must be a date as YYYY-MM-DD`);
  if (value < indiaDay()) throw invalidInput(field, `${field} may not be in the past`);
}

export function assertShipmentOrder(order: ShipmentOrder): void {
  if (typeof order !== 'object' || order === null) throw invalidInput('order', 'order is required');
  if (typeof order.orderRef !== 'string' || !ORDER_REF.test(order.orderRef)) {
    throw invalidInput('orderRef', 'orderRef must be 1-50 letters, digits, _, - or /, starting with a letter or digit');
  }
  if (!(order.orderDate instanceof Date) || Number.isNaN(order.orderDate.getTime())) throw invalidInput('orderDate', 'orderDate must be a valid Date');
  assertText(order.pickupLocation, 'pickupLocation', 60);
  const customer = order.customer;
  if (typeof customer !== 'object' || customer === null) throw invalidInput('customer', 'customer is required');
  assertText(customer.name, 'customer.name', 100);
  if (typeof customer.email !== 'string' || !EMAIL_PATTERN.test(customer.email) || customer.email.length > 200) throw invalidInput('customer.email', 'customer.email must be an e-mail address');
  if (typeof customer.phone !== 'string' || !PHONE.test(customer.phone)) throw invalidInput('customer.phone', 'customer.phone must be a 10-digit Indian mobile number');
  assertText(customer.address, 'customer.address', 200);
  assertText(customer.address2, 'customer.address2', 200, false);
  assertText(customer.city, 'customer.city', 100);
  assertText(customer.state, 'customer.state', 100);
  assertPincode(customer.pincode, 'customer.pincode');
  if (!Array.isArray(order.items) || order.items.length === 0) throw invalidInput('items', 'items must list at least one item');
  order.items.forEach((item, index) => {
    assertText(item.name, `items[${index}].name`, 200);
    assertText(item.sku, `items[${index}].sku`, 50);
    assertPositiveInteger(item.units, `items[${index}].units`);
    if (!Number.isSafeInteger(item.unitPricePaise) || item.unitPricePaise < 0) throw invalidInput(`items[${index}].unitPricePaise`, `items[${index}].unitPricePaise must be a whole number of paise, 0 or more`);
    assertText(item.hsn, `items[${index}].hsn`, 8, false);
  });
  const parcel = order.parcel;
  if (typeof parcel !== 'object' || parcel === null) throw invalidInput('parcel', 'parcel is required');
  for (const side of ['lengthCm', 'breadthCm', 'heightCm'] as const) {
    const value = parcel[side];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0.5 || value > MAX_SIDE_CM) throw invalidInput(`parcel.${side}`, `parcel.${side} must be 0.5 to ${MAX_SIDE_CM} centimetres`);
  }
  assertWeightKg(parcel.weightKg, 'parcel.weightKg');
}

export function assertNdrAction(input: NdrActionInput): void {
  if (typeof input !== 'object' || input === null) throw invalidInput('input', 'input is required');
  assertAwb(input.awb);
  if (input.action !== 're-attempt' && input.action !== 'return') throw invalidInput('action', "action must be 're-attempt' or 'return'");
  assertText(input.comments, 'comments', 250);
  if (input.action === 'return') {
    for (const field of ['date', 'phone', 'addressNote'] as const) {
      if (input[field] !== undefined) throw invalidInput(field, `${field} is only for a re-attempt`);
    }
    return;
  }
  if (input.date !== undefined) assertFutureDay(input.date, 'date');
  if (input.phone !== undefined && (typeof input.phone !== 'string' || !PHONE.test(input.phone))) throw invalidInput('phone', 'phone must be a 10-digit Indian mobile number');
  assertText(input.addressNote, 'addressNote', 200, false);
}
