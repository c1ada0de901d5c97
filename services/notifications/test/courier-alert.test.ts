import { describe, expect, it } from 'vitest';
import { sql, type Db } from '@pickles/db';
import { insertOrder } from '@pickles/test-kit';
import { courierAlertOnce, type CourierAlertDeps } from '../src/courier-alert.js';
import { SHOP_URL, notificationsHarnessPerFile, type NotificationsHarness } from './harness.js';

/**
 * The owner is told of courier bookings the courier has not taken for half an hour (its API down or
 * refusing; admin-orders keeps retrying them). The look reads every shipment, so this file has a
 * database of its own.
 */
let h: NotificationsHarness;
let db: Db;
let deps: CourierAlertDeps;

notificationsHarnessPerFile({ ownDatabase: true }, (started) => {
  h = started;
  ({ db, deps } = started);
});

/** A paid order whose Ship was asked `minutesAgo`, still pending after `attempts` tries. */
async function pendingBooking(city: string, minutesAgo: number, attempts: number, lastError: string | null) {
  const order = await insertOrder(db, { city, paidAt: new Date(Date.now() - (minutesAgo + 5) * 60_000) });
  await db
    .insertInto('shipments')
    .values({ order_id: order.id, state: 'pending', requested_by: 'admin', requested_at: sql<Date>`now() - make_interval(mins => ${minutesAgo})`, attempts, last_error: lastError })
    .execute();
  return order;
}

const alerts = () => h.toOwner().filter((mail) => mail.subject.includes('waiting for the courier'));

describe("the owner's alert of bookings waiting for the courier", () => {
  it('says nothing of a booking pending under half an hour, then one e-mail per outage listing every booking held up; a new outage is told again', async () => {
    const recent = await pendingBooking('Agra', 10, 2, 'The courier did not answer (503)');
    expect(await courierAlertOnce(deps)).toBe('nothing-waiting');
    expect(alerts()).toHaveLength(0);

    const oldest = await pendingBooking('Pune', 50, 9, 'The courier did not answer (503)');
    const next = await pendingBooking('Kochi', 35, 6, null);
    expect(await courierAlertOnce(deps)).toBe('sent');
    const [mail, ...others] = alerts();
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('2 bookings are waiting for the courier');
    expect(mail!.text).toContain('never books a parcel twice');
    expect(mail!.text).toContain(`${oldest.orderNumber}  `);
    expect(mail!.text).toContain('9 tries: The courier did not answer (503)');
    expect(mail!.text).toContain(`${next.orderNumber}  `);
    expect(mail!.text).not.toContain(recent.orderNumber);
    expect(mail!.text).toContain(`${SHOP_URL}/admin/delivery-problems`);
    // The order page lists it under the oldest order's e-mails.
    expect(await db.selectFrom('sent_emails').select(['order_id', 'kind', 'state']).where('kind', '=', 'owner-courier-waiting').execute()).toEqual([
      { order_id: oldest.id, kind: 'owner-courier-waiting', state: 'sent' },
    ]);

    // Looking again (another replica, the next pass) while the same outage lasts sends nothing more.
    expect(await courierAlertOnce(deps)).toBe('already-sent');
    expect(alerts()).toHaveLength(1);

    // The oldest is booked at last; the next one still waits: the outage has moved on, and is told.
    await db.updateTable('shipments').set({ state: 'booked', awb: 'AWB-PUNE-1' }).where('order_id', '=', oldest.id).execute();
    expect(await courierAlertOnce(deps)).toBe('sent');
    expect(alerts()).toHaveLength(2);
    expect(alerts()[1]!.subject).toBe('1 booking is waiting for the courier');

    // Every booking taken: nothing waits, nothing is sent.
    await db.updateTable('shipments').set({ state: 'booked', awb: sql<string>`'AWB-' || order_id::text` }).where('state', '=', 'pending').execute();
    expect(await courierAlertOnce(deps)).toBe('nothing-waiting');
    expect(alerts()).toHaveLength(2);
  });
});
