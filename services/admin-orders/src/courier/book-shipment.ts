import { CourierError } from '@pickles/courier-client';
import type { Db } from '@pickles/db';
import { HttpError, type Logger } from '@pickles/service-kit';
import type { OrderShipment } from '@pickles/shared';
import type { Courier } from '../clients/courier.js';
import { lockOrderForDispatch, recordDispatch } from '../db/dispatches.js';
import { claimBooking, courierReference, deferBooking, failBooking, markBooked, orderForBooking, orderShipment, saveBookingStep, shipmentOf, type ShipmentRow } from '../db/shipments.js';
import { bookingRetryDelayMs, parcelOf } from '../domain/parcel.js';

export interface BookingDeps {
  db: Db;
  courier: Courier;
  logger: Logger;
}

/**
 * One attempt at a pending booking: create the shipment, assign the AWB (the owner's courier or the
 * courier's choice), schedule the pickup, then record the order's dispatch (the shopper's e-mail).
 * No transaction or connection is held while the courier is called: each step's answer is stored
 * as it comes, and the client's calls are retry-safe (it finds what an unanswered call did), so an
 * attempt cut short by an outage or a crash goes on where it stopped. The courier down: the booking
 * stays pending, tried again later (the worker); the courier refusing: failed, with its reason.
 */
export async function bookShipment({ db, courier, logger }: BookingDeps, orderId: string): Promise<OrderShipment | null> {
  const claimed = await claimBooking(db, orderId);
  if (claimed) await attemptBooking({ db, courier, logger }, claimed);
  return orderShipment(db, orderId, courier.client.trackUrlOf);
}

async function attemptBooking({ db, courier, logger }: BookingDeps, row: ShipmentRow): Promise<void> {
  const orderId = row.order_id;
  const { client } = courier;
  try {
    const order = await orderForBooking(db, orderId);
    if (!order) throw new CourierError('invalid_request', 'The order is gone');
    let shipmentId = row.shipment_id === null ? null : Number(row.shipment_id);
    if (shipmentId === null) {
      const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
      const booked = await client.createShipment({
        orderRef: courierReference(order.order_number, row.booking_count),
        orderDate: new Date(order.created_at),
        pickupLocation: courier.pickupLocation,
        customer: {
          name: order.customer_name,
          email: order.customer_email,
          phone: order.customer_phone,
          address: [order.flat_number, order.street].filter(Boolean).join(', '),
          address2: order.area,
          city: order.city,
          state: order.state,
          pincode: order.pincode,
        },
        items: order.items.map((item) => ({ name: item.name, sku: `RP-${item.product_id}`, units: item.quantity, unitPricePaise: item.unit_price_paise })),
        parcel: parcelOf(units),
      });
      shipmentId = booked.shipmentId;
      await saveBookingStep(db, orderId, { courier_order_id: String(booked.courierOrderId), shipment_id: String(booked.shipmentId), ...(booked.awb ? { awb: booked.awb, courier_name: booked.courierName } : {}) });
    }
    let { awb, courier_name: courierName } = (await shipmentOf(db, orderId))!;
    if (!awb) {
      const assigned = await client.assignAwb({ shipmentId, ...(row.requested_courier_id ? { courierId: row.requested_courier_id } : {}) });
      awb = assigned.awb;
      courierName = assigned.courierName;
      await saveBookingStep(db, orderId, { awb, courier_name: courierName });
    }
    if (!row.pickup_scheduled_at) {
      const pickup = await client.schedulePickup({ shipmentId });
      await saveBookingStep(db, orderId, { pickup_scheduled_at: pickup.pickupScheduledAt ?? new Date() });
    }
    await db.transaction().execute(async (trx) => {
      const locked = await lockOrderForDispatch(trx, { id: orderId });
      await markBooked(trx, orderId);
      await recordDispatch(trx, locked, { courierId: 'other', courierName: courierName ?? 'Courier', awb: awb!, trackingUrl: client.trackUrlOf(awb!) }, row.requested_by);
    });
    logger.info({ orderId, awb, courier: courierName }, 'shipment booked');
  } catch (error) {
    if (error instanceof CourierError && !error.retryable) {
      await failBooking(db, orderId, `The courier refused the booking: ${error.message}`);
      logger.warn({ orderId, kind: error.kind, err: error }, 'shipment booking refused by the courier');
      return;
    }
    if (error instanceof HttpError) {
      // The order changed while it was booked (cancelled, refunded): the lifecycle's reason, for the owner.
      await failBooking(db, orderId, `Booked with the courier, but the dispatch was not recorded: ${error.message}. Cancel the shipment at the courier or take the order back`);
      logger.warn({ orderId, err: error }, 'shipment booked for an order that may no longer ship');
      return;
    }
    const message = error instanceof CourierError ? `The courier did not answer (${error.message}); the shop keeps trying` : 'The booking could not be completed; the shop keeps trying';
    const attempts = row.attempts + 1;
    await deferBooking(db, orderId, message, bookingRetryDelayMs(attempts));
    logger.warn({ orderId, attempts, err: error }, 'shipment booking deferred');
  }
}
