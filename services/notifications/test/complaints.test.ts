import { randomInt, randomUUID } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { describe, expect, it } from 'vitest';
import type { Db } from '@pickles/db';
import { COMPLAINT_UPDATED, type ComplaintUpdateKind, type EventEnvelope } from '@pickles/shared';
import { complaintDeadlines, formatTicketNumber } from '@pickles/shared/complaints';
import { processComplaintUpdated } from '../src/events/process-complaint-updated.js';
import type { NotificationDeps } from '../src/events/process-payment-verified.js';
import { india, SHOP_URL, notificationsHarnessPerFile, sweeperQueuePerBlock, visibleText, type NotificationsHarness, type SweeperQueue } from './harness.js';

/** complaint.updated -> the shopper's e-mail of each step and, for a new complaint, the owner's alert. */
const OFFICER = { name: 'Anita Sharma', designation: 'Grievance Officer', phone: '+91 11 2345 6790', email: 'grievance@royalpickles.in' };

let h: NotificationsHarness;
let db: Db;
let deps: NotificationDeps;

notificationsHarnessPerFile({ deps: { grievanceOfficer: OFFICER } }, (started) => {
  h = started;
  ({ db, deps } = started);
});

/**
 * A complaint as checkout stores it; received 23 Nov 2026, 1:30 am in India unless told otherwise,
 * with the e-mail of the order it names (proven) unless told otherwise.
 */
async function seedComplaint(values: { message?: string; resolution?: string; erased?: boolean; orderNumber?: string; receivedAt?: Date; name?: string; proven?: boolean } = {}) {
  const receivedAt = values.receivedAt ?? india('2026-11-23T01:30:00');
  const { acknowledgeBy, resolveBy } = complaintDeadlines(receivedAt);
  return db
    .insertInto('complaints')
    .values({
      ticket_number: formatTicketNumber(randomInt(100_000_000, 999_999_999), receivedAt),
      name: values.name ?? 'Meera Iyer',
      email: `meera.${randomUUID().slice(0, 8)}@example.in`,
      email_proven: values.proven ?? true,
      order_id: (values.proven ?? true) && values.orderNumber ? randomUUID() : null,
      phone: '9876543210',
      order_number: values.orderNumber ?? null,
      category: 'damaged',
      message: values.message ?? 'The jar leaked.\nThe box was soaked.',
      created_at: receivedAt,
      acknowledge_by: acknowledgeBy,
      resolve_by: resolveBy,
      ...(values.resolution ? { acknowledged_at: receivedAt, acknowledged_by: 'owner', resolved_at: new Date(), resolved_by: 'owner', resolution: values.resolution } : {}),
      personal_data_erased_at: values.erased ? new Date() : null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

function event(complaint: { id: string }, kind: ComplaintUpdateKind): EventEnvelope {
  return { id: randomUUID(), type: COMPLAINT_UPDATED, version: 1, occurredAt: new Date().toISOString(), data: { complaintId: complaint.id, kind } };
}

const mailsAbout = (complaint: { ticket_number: string }) => h.mailsAbout(complaint.ticket_number);
const toShopper = (complaint: { ticket_number: string; email: string }) => mailsAbout(complaint).filter((mail) => mail.to.includes(complaint.email));
const toOwner = (complaint: { ticket_number: string }) => mailsAbout(complaint).filter((mail) => mail.to.includes('owner@royalpickles.in'));

function expectGrievanceOfficer(part: string) {
  expect(part).toContain('Anita Sharma, Grievance Officer');
  expect(part).toContain('+91 11 2345 6790');
  expect(part).toContain('grievance@royalpickles.in');
}

describe('complaint.updated received', () => {
  it('e-mails the shopper their ticket, both deadlines in India time, their words and the grievance officer, once', async () => {
    const complaint = await seedComplaint({ message: 'The jar <b>leaked</b> & "spoilt" the box.\nPlease send a new one.', orderNumber: 'RP261122-7KQ2XD' });
    const received = event(complaint, 'received');
    expect(await processComplaintUpdated(received, deps)).toEqual({ shopper: 'sent', owner: 'sent' });

    const [mail, ...others] = toShopper(complaint);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Your complaint has been registered: ticket ${complaint.ticket_number}`);
    expect(complaint.ticket_number).toMatch(/^GRV-261123-\d+$/);
    for (const part of [mail!.text, visibleText(mail!.html)]) {
      expect(part).toContain('Namaste Meera Iyer');
      expect(part).toContain(`registered it under ticket number ${complaint.ticket_number}`);
      expect(part).toContain('23 November 2026, 1:30 am IST');
      expect(part).toContain('we will acknowledge it by 25 November 2026, 1:30 am IST and resolve it by 23 December 2026, 1:30 am IST at the latest');
      expect(part).toContain('Consumer Protection (E-Commerce) Rules, 2020');
      expect(part).toContain('Jar damaged or leaking');
      expect(part).toContain('RP261122-7KQ2XD');
      expectGrievanceOfficer(part);
    }
    // Their complaint quoted line by line, and never as markup.
    expect(mail!.text).toContain('> The jar <b>leaked</b> & "spoilt" the box.\n> Please send a new one.');
    expect(mail!.html).toContain('The jar &lt;b&gt;leaked&lt;/b&gt; &amp; &quot;spoilt&quot; the box.<br>Please send a new one.');
    expect(mail!.html).not.toContain('<b>leaked</b>');
    expect(mail!.html).toContain('href="tel:+911123456790"');
    expect(mail!.html).toContain('href="mailto:grievance@royalpickles.in"');

    // The same event again, or another one for the same complaint: nothing more.
    expect(await processComplaintUpdated(received, deps)).toEqual({ shopper: 'already-sent', owner: 'already-sent' });
    expect(await processComplaintUpdated(event(complaint, 'received'), deps)).toEqual({ shopper: 'already-sent', owner: 'already-sent' });
    expect(mailsAbout(complaint)).toHaveLength(2);
    const rows = await db.selectFrom('sent_emails').select(['kind', 'recipient', 'state']).where('dedupe_key', '=', complaint.id).orderBy('kind').execute();
    expect(rows).toEqual([
      { kind: 'complaint-owner-alert', recipient: 'owner@royalpickles.in', state: 'sent' },
      { kind: 'complaint-received', recipient: complaint.email, state: 'sent' },
    ]);
  });

  it('alerts the owner with who complained, about what, their words, both deadlines and a link to the complaints', async () => {
    const complaint = await seedComplaint({ message: 'Wrong jar <script>alert(1)</script>' });
    await processComplaintUpdated(event(complaint, 'received'), deps);
    const [alert, ...others] = toOwner(complaint);
    expect(others).toHaveLength(0);
    expect(alert!.subject).toBe(`New complaint ${complaint.ticket_number}: Jar damaged or leaking`);
    for (const part of [alert!.text, visibleText(alert!.html)]) {
      expect(part).toContain(`Meera Iyer, ${complaint.email}, +91 9876543210`);
      expect(part).toContain('acknowledge it by 25 November 2026, 1:30 am IST and resolve it by 23 December 2026, 1:30 am IST');
      expect(part).toContain('Wrong jar <script>alert(1)</script>');
    }
    expect(alert!.text).toContain(`${SHOP_URL}/admin/complaints`);
    expect(alert!.html).toContain(`href="${SHOP_URL}/admin/complaints"`);
    expect(alert!.html).not.toContain('<script>');
    expect(alert!.messageId).toContain(`${complaint.id}.complaint-owner-alert@royalpickles.in`);
  });
});

describe('a complaint naming an address that has not proved itself (the form as a relay)', () => {
  const PHISH = 'Your refund: claim at https://royal-pickles-refunds.example/claim';

  it("gets a fixed acknowledgement in the shop's words: no name, text or order number from the form", async () => {
    const complaint = await seedComplaint({ proven: false, name: 'Claim your refund at evil.example', message: PHISH, orderNumber: 'RP261122-7KQ2XD' });
    expect(await processComplaintUpdated(event(complaint, 'received'), deps)).toEqual({ shopper: 'sent', owner: 'sent' });
    const [mail, ...others] = toShopper(complaint);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Your complaint has been registered: ticket ${complaint.ticket_number}`);
    for (const part of [mail!.text, visibleText(mail!.html), mail!.html]) {
      expect(part).toContain(`registered it under ticket number ${complaint.ticket_number}`);
      expect(part).toContain('If you did not send it, you can ignore this e-mail.');
      for (const typed of ['evil', 'Claim your refund', 'royal-pickles-refunds', 'claim', 'RP261122-7KQ2XD', 'Meera']) expect(part).not.toContain(typed);
      expectGrievanceOfficer(part);
    }
    // The owner sees everything, the name's link neutralised, and that the address is not proven.
    const [alert] = toOwner(complaint);
    for (const part of [alert!.text, visibleText(alert!.html)]) {
      expect(part).toContain(`Claim your refund at evil[.]example, ${complaint.email}`);
      expect(part).toContain('not proven: the shopper was sent only a fixed acknowledgement');
      expect(part).toContain("RP261122-7KQ2XD as typed: not linked, the e-mail and phone are not that order's");
      expect(part).toContain(PHISH);
    }
    // Later steps greet nobody by the typed name either.
    await processComplaintUpdated(event(complaint, 'acknowledged'), deps);
    const acknowledged = toShopper(complaint).find((email) => email.subject.startsWith('We are looking into'))!;
    expect(acknowledged.text).toMatch(/^Namaste,$/m);
    expect(acknowledged.text).not.toContain('evil');
  });

  it("an order's own address gets the shopper's words back, with a name's link neutralised", async () => {
    const complaint = await seedComplaint({ name: 'Meera http://evil.example', orderNumber: 'RP261122-7KQ2XD' });
    await processComplaintUpdated(event(complaint, 'received'), deps);
    const [mail] = toShopper(complaint);
    expect(mail!.text).toContain('Namaste Meera http[:]//evil[.]example,');
    expect(mail!.text).toContain('> The jar leaked.');
  });
});

describe('complaint.updated acknowledged and resolved', () => {
  it('acknowledged: we are looking into it, resolved by the deadline at the latest, once', async () => {
    const complaint = await seedComplaint();
    const acknowledged = event(complaint, 'acknowledged');
    expect(await processComplaintUpdated(acknowledged, deps)).toEqual({ shopper: 'sent' });
    expect(await processComplaintUpdated(acknowledged, deps)).toEqual({ shopper: 'already-sent' });
    const [mail, ...others] = mailsAbout(complaint);
    expect(others).toHaveLength(0);
    expect(mail!.to).toEqual([complaint.email]);
    expect(mail!.subject).toBe(`We are looking into your complaint ${complaint.ticket_number}`);
    for (const part of [mail!.text, visibleText(mail!.html)]) {
      expect(part).toContain(`We have read your complaint ${complaint.ticket_number}, received on 23 November 2026, 1:30 am IST, and are looking into it.`);
      expect(part).toContain('We will resolve it by 23 December 2026, 1:30 am IST at the latest.');
      expectGrievanceOfficer(part);
    }
  });

  it('resolved: what was done, escaped, and the grievance officer for a shopper not satisfied, once', async () => {
    const complaint = await seedComplaint({ resolution: 'Sent a new jar <b>free</b> & refunded ₹50.\nAWB 1234567890' });
    const resolved = event(complaint, 'resolved');
    expect(await processComplaintUpdated(resolved, deps)).toEqual({ shopper: 'sent' });
    expect(await processComplaintUpdated(event(complaint, 'resolved'), deps)).toEqual({ shopper: 'already-sent' });
    const [mail, ...others] = mailsAbout(complaint);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Your complaint ${complaint.ticket_number} has been resolved`);
    expect(mail!.text).toContain('> Sent a new jar <b>free</b> & refunded ₹50.\n> AWB 1234567890');
    expect(mail!.html).toContain('Sent a new jar &lt;b&gt;free&lt;/b&gt; &amp; refunded ₹50.<br>AWB 1234567890');
    for (const part of [mail!.text, visibleText(mail!.html)]) {
      expect(part).toContain(`If you are not satisfied with this resolution, please write to or call our grievance officer, quoting ticket number ${complaint.ticket_number}.`);
      expectGrievanceOfficer(part);
    }
  });
});

describe('complaints that send nothing', () => {
  it('an erased complaint sends nothing, whatever the step', async () => {
    const complaint = await seedComplaint({ erased: true, resolution: 'Sent a new jar.' });
    for (const kind of ['received', 'acknowledged', 'resolved'] as const) {
      expect(await processComplaintUpdated(event(complaint, kind), deps)).toEqual({ shopper: 'erased' });
    }
    expect(mailsAbout(complaint)).toHaveLength(0);
    expect(await db.selectFrom('sent_emails').select('id').where('dedupe_key', '=', complaint.id).execute()).toEqual([]);
  });

  it('an unknown complaint or an unreadable event fails at once, with no retries', async () => {
    await expect(processComplaintUpdated(event({ id: randomUUID() }, 'received'), deps)).rejects.toBeInstanceOf(UnrecoverableError);
    const complaint = await seedComplaint();
    await expect(processComplaintUpdated({ ...event(complaint, 'received'), version: 2 }, deps)).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(processComplaintUpdated({ ...event(complaint, 'received'), data: { complaintId: complaint.id, kind: 'reopened' } }, deps)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(mailsAbout(complaint)).toHaveLength(0);
  });
});

describe('the sweeper and complaint e-mails', () => {
  let sweeper: SweeperQueue;
  sweeperQueuePerBlock(() => db, (started) => (sweeper = started));

  it('queues a complaint event whose e-mails are not sent again, and leaves it once they are; an erased one is left alone', async () => {
    const complaint = await seedComplaint();
    const received = event(complaint, 'received');
    await sweeper.publishedLongAgo(received);
    const erased = await seedComplaint({ erased: true });
    const forgotten = event(erased, 'received');
    await sweeper.publishedLongAgo(forgotten);

    await sweeper.sweep();
    const job = await sweeper.queue.getJob(received.id);
    expect(job?.name).toBe(COMPLAINT_UPDATED);
    expect(await sweeper.queue.getJob(forgotten.id)).toBeUndefined();
    await processComplaintUpdated(job!.data as EventEnvelope, deps);
    await job!.remove();

    await sweeper.sweep();
    expect(await sweeper.queue.getJob(received.id)).toBeUndefined();
    expect(mailsAbout(complaint)).toHaveLength(2);
  });
});
