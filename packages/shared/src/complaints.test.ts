import { describe, expect, it } from 'vitest';
import {
  COMPLAINT_MESSAGES,
  complaintDeadlines,
  complaintLateness,
  complaintListQuerySchema,
  complaintRequestSchema,
  formatTicketNumber,
  resolveComplaintSchema,
} from './complaints.js';

/** An instant given as India's wall clock (UTC+5:30). */
const india = (wallClock: string) => new Date(`${wallClock}+05:30`);

describe('the deadlines of rule 4(5): acknowledge within 48 hours, resolve within one month', () => {
  it('31 January 10:00 in India is resolved by 28 February 10:00, the month\'s last day', () => {
    const { acknowledgeBy, resolveBy } = complaintDeadlines(india('2027-01-31T10:00:00'));
    expect(acknowledgeBy).toEqual(india('2027-02-02T10:00:00'));
    expect(resolveBy).toEqual(india('2027-02-28T10:00:00'));
  });

  it('in a leap year, 31 January is resolved by 29 February', () => {
    expect(complaintDeadlines(india('2028-01-31T10:00:00')).resolveBy).toEqual(india('2028-02-29T10:00:00'));
  });

  it('30 December 23:30 is resolved by 30 January 23:30, across the year', () => {
    const { acknowledgeBy, resolveBy } = complaintDeadlines(india('2026-12-30T23:30:00'));
    expect(acknowledgeBy).toEqual(india('2027-01-01T23:30:00'));
    expect(resolveBy).toEqual(india('2027-01-30T23:30:00'));
  });

  it('counts the month on India\'s calendar, not UTC\'s: 31 January 02:00 in India is still 30 January in UTC', () => {
    const received = india('2027-01-31T02:00:00');
    expect(received.toISOString()).toBe('2027-01-30T20:30:00.000Z');
    expect(complaintDeadlines(received).resolveBy).toEqual(india('2027-02-28T02:00:00'));
  });

  it('acknowledge by is exactly 48 hours later, to the millisecond', () => {
    const received = new Date('2026-11-23T07:41:12.345Z');
    expect(complaintDeadlines(received).acknowledgeBy.getTime() - received.getTime()).toBe(48 * 3600_000);
    expect(complaintDeadlines(received).resolveBy).toEqual(new Date('2026-12-23T07:41:12.345Z'));
  });
});

describe('ticket numbers', () => {
  it('carry the India date of receipt: 2026-11-22T20:00Z is already 23 November in India', () => {
    expect(formatTicketNumber(42, new Date('2026-11-22T20:00:00Z'))).toBe('GRV-261123-0042');
    expect(formatTicketNumber(42, new Date('2026-11-22T18:00:00Z'))).toBe('GRV-261122-0042');
  });

  it('pad the sequence to four digits and grow beyond', () => {
    expect(formatTicketNumber(7, india('2027-01-05T12:00:00'))).toBe('GRV-270105-0007');
    expect(formatTicketNumber(123_456, india('2027-01-05T12:00:00'))).toBe('GRV-270105-123456');
  });
});

describe('lateness', () => {
  const received = india('2026-11-23T10:00:00');
  const { acknowledgeBy, resolveBy } = complaintDeadlines(received);
  const open = { acknowledgeBy, resolveBy, acknowledgedAt: null, resolvedAt: null };

  it('an open complaint is on time before its deadlines and late after each', () => {
    expect(complaintLateness(open, india('2026-11-25T09:59:00'))).toEqual({ acknowledgement: false, resolution: false });
    expect(complaintLateness(open, india('2026-11-25T10:01:00'))).toEqual({ acknowledgement: true, resolution: false });
    expect(complaintLateness(open, india('2026-12-23T10:01:00'))).toEqual({ acknowledgement: true, resolution: true });
  });

  it('a step done in time stays on time; one done late stays late', () => {
    const acknowledgedInTime = { ...open, acknowledgedAt: india('2026-11-24T10:00:00') };
    expect(complaintLateness(acknowledgedInTime, india('2026-12-01T10:00:00'))).toEqual({ acknowledgement: false, resolution: false });
    const acknowledgedLate = { ...open, acknowledgedAt: india('2026-11-26T10:00:00') };
    expect(complaintLateness(acknowledgedLate, india('2026-12-01T10:00:00'))).toEqual({ acknowledgement: true, resolution: false });
    const resolvedInTime = { ...acknowledgedInTime, resolvedAt: india('2026-12-20T10:00:00') };
    expect(complaintLateness(resolvedInTime, india('2027-03-01T10:00:00'))).toEqual({ acknowledgement: false, resolution: false });
    const resolvedLate = { ...acknowledgedInTime, resolvedAt: india('2026-12-24T10:00:00') };
    expect(complaintLateness(resolvedLate, india('2027-03-01T10:00:00'))).toEqual({ acknowledgement: false, resolution: true });
  });
});

describe('the complaint form', () => {
  const valid = { name: ' Meera Iyer ', email: ' meera@example.in ', category: 'damaged', message: 'The lid of the mango pickle jar was broken.' };

  it('reads blank optional fields as absent', () => {
    const parsed = complaintRequestSchema.parse({ ...valid, phone: '  ', orderNumber: '' });
    expect(parsed).toEqual({ name: 'Meera Iyer', email: 'meera@example.in', category: 'damaged', message: valid.message });
    expect(parsed.phone).toBeUndefined();
    expect(parsed.orderNumber).toBeUndefined();
  });

  it('normalises the phone as checkout does and reads the order number in capitals', () => {
    const parsed = complaintRequestSchema.parse({ ...valid, phone: '+91 98765 43210', orderNumber: ' rp261122-7kq2xd ' });
    expect(parsed.phone).toBe('9876543210');
    expect(parsed.orderNumber).toBe('RP261122-7KQ2XD');
    const bad = complaintRequestSchema.safeParse({ ...valid, phone: '12345' });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([COMPLAINT_MESSAGES.phone]);
  });

  it('keeps paragraphs, with Windows line breaks read as \\n', () => {
    const parsed = complaintRequestSchema.parse({ ...valid, message: '  The jar leaked.\r\n\r\nThe box was soaked.\rPlease help.  ' });
    expect(parsed.message).toBe('The jar leaked.\n\nThe box was soaked.\nPlease help.');
  });

  it('refuses a message too short to act on, too long, or with control characters', () => {
    for (const message of ['bad', '   too short   ', 'x'.repeat(2001), 'The jar\u0000 leaked badly', 'The jar leaked\u001b[31m badly']) {
      const result = complaintRequestSchema.safeParse({ ...valid, message });
      expect(result.success, JSON.stringify(message.slice(0, 30))).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([COMPLAINT_MESSAGES.message]);
    }
    expect(complaintRequestSchema.safeParse({ ...valid, message: 'x'.repeat(2000) }).success).toBe(true);
  });

  it('needs a name, an e-mail address and a known category', () => {
    const result = complaintRequestSchema.safeParse({ name: '', email: 'meera@', category: 'rude', message: valid.message });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([COMPLAINT_MESSAGES.name, COMPLAINT_MESSAGES.email, COMPLAINT_MESSAGES.category]);
  });

  it('a resolution says what was done; the list tab defaults to open', () => {
    expect(resolveComplaintSchema.parse({ resolution: ' Sent a new jar.\r\nAWB 1234 ' })).toEqual({ resolution: 'Sent a new jar.\nAWB 1234' });
    expect(resolveComplaintSchema.safeParse({ resolution: '   ' }).error?.issues.map((issue) => issue.message)).toEqual([COMPLAINT_MESSAGES.resolution]);
    expect(complaintListQuerySchema.parse({})).toEqual({ state: 'open' });
    expect(complaintListQuerySchema.safeParse({ state: 'closed' }).success).toBe(false);
  });
});
