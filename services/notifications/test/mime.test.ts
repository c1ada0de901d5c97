import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type RunningMailCatcher } from '@pickles/mail-catcher';
import { createMailer, type Mailer } from '../src/clients/mailer.js';
import { buildMessage, type MessageParts } from '../src/clients/mime.js';
import { renderOrderConfirmation } from '../src/emails/order-confirmation.js';
import { renderOwnerAlert } from '../src/emails/owner-alert.js';
import type { EmailOrder } from '../src/db/orders.js';

/**
 * The shop builds its e-mails itself (mime.ts) instead of through nodemailer's MailComposer. The
 * headers and the envelope must be MailComposer's, and what arrives must be what was
 * rendered.
 */
const FROM = 'Royal Pickles <orders@royalpickles.in>';
const DATE = new Date('2026-11-26T10:00:00Z');

const order: EmailOrder = {
  id: '5b8f3c2e-1234-4cde-9abc-0123456789ab',
  orderNumber: 'RP2026112600123',
  customerName: 'Añjali Rāo <script>',
  customerEmail: 'anjali.rao@example.in',
  customerPhone: '9876543210',
  address: { flatNumber: 'Flat 12', street: 'Kōramangala = 5th Block', area: 'Indiranagar', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
  subtotalPaise: 100_000,
  shippingPaise: 15_000,
  amountPaise: 115_000,
  discount: null,
  razorpayPaymentId: 'pay_ABCDEFGHIJ1234',
  createdAt: DATE,
  deliveryZone: 'national',
  paidAt: DATE,
  refundedPaise: 0,
  personalDataErased: false,
  items: [{ name: 'Royal Chicken Pickle', quantity: 2, unitPricePaise: 50_000, lineTotalPaise: 100_000 }],
  invoiceNumber: 'RP/2026-27/000123',
  trackingLinkVersion: 0,
};
const shop = { supportEmail: 'support@royalpickles.in', supportPhone: '+91 11 4567 8900', shopUrl: 'http://localhost:3000', trackingLinkSecret: 'a-tracking-link-secret-for-tests' };
const confirmation = renderOrderConfirmation(order, shop);
const alert = renderOwnerAlert(order, shop.shopUrl);

/** The header block as name -> unfolded value, without the per-message Date and boundary. */
function headersOf(raw: Buffer): Record<string, string> {
  const block = raw.toString('latin1').split('\r\n\r\n', 1)[0]!.replace(/\r\n[ \t]/g, ' ');
  return Object.fromEntries(
    block
      .split('\r\n')
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()])
      .filter(([name]) => name !== 'Date')
      .map(([name, value]) => [name, name === 'Content-Type' ? value!.replace(/boundary="[^"]*"/, 'boundary=…') : value]),
  );
}

async function composed(parts: MessageParts) {
  const message = new MailComposer({ ...parts, date: DATE, textEncoding: 'quoted-printable' }).compile();
  return { envelope: message.getEnvelope(), raw: await message.build() };
}

describe('the shop\'s e-mails on the wire', () => {
  it.each([
    ['a confirmation to a plain address', { ...confirmation, to: 'anjali.rao@example.in' }],
    ['an owner alert (₹ in the subject)', { ...alert, to: 'owner@royalpickles.in' }],
    ['an address with capitals in its domain', { ...confirmation, to: 'Anjali.Rao@Example.IN' }],
    ['an international domain', { ...confirmation, to: 'anjali@bücher.example' }],
    ['an address that needs quoting', { ...confirmation, to: '"anjali rao"@example.in' }],
    ['a long subject of many encoded words', { ...alert, to: 'owner@royalpickles.in', subject: `${'₹ नमस्ते '.repeat(12)}done` }],
  ])('%s: headers and envelope as MailComposer writes them', async (_name, email) => {
    const parts: MessageParts = { from: FROM, messageId: `<${order.id}.order-confirmation@royalpickles.in>`, ...email };
    const ours = buildMessage(parts, DATE);
    const theirs = await composed(parts);
    expect(ours.envelope).toEqual(theirs.envelope);
    expect(headersOf(ours.raw)).toEqual(headersOf(theirs.raw));
    // Every line within SMTP's limit, 7-bit.
    const text = ours.raw.toString('latin1');
    expect(text.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    expect(text.split('').every((char) => char.charCodeAt(0) < 0x80)).toBe(true);
  });
});

describe('the mailer', () => {
  let catcher: RunningMailCatcher;
  let mailer: Mailer;
  beforeAll(async () => {
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, host: '127.0.0.1' });
    mailer = createMailer(`smtp://127.0.0.1:${catcher.smtpPort}`, FROM);
  });
  afterAll(async () => {
    mailer.close();
    await catcher.close();
  });

  it('delivers what was rendered: subject, text and HTML as written, from the shop, with its Message-ID', async () => {
    await mailer.send({ to: order.customerEmail, ...confirmation, messageId: '<wire-1@royalpickles.in>' });
    await mailer.send({ to: 'owner@royalpickles.in', ...alert, messageId: '<wire-2@royalpickles.in>' });
    const [first, second] = catcher.store.list().filter((mail) => mail.messageId?.startsWith('<wire-'));
    expect(first).toMatchObject({ from: 'orders@royalpickles.in', to: [order.customerEmail], subject: confirmation.subject, messageId: '<wire-1@royalpickles.in>' });
    // Each line of a part arrives with its line end, the last one too.
    expect(first!.text).toBe(`${confirmation.text}\n`);
    expect(first!.html).toBe(`${confirmation.html}\n`);
    expect(second).toMatchObject({ to: ['owner@royalpickles.in'], subject: alert.subject, text: `${alert.text}\n`, html: `${alert.html}\n` });
  });
});
