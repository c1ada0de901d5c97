import { UnrecoverableError } from 'bullmq';
import { parseOrFail } from './parse-event.js';
import type { Logger } from 'pino';
import type { Db } from '@pickles/db';
import { DEMO_TRACKING_LINK_SECRET } from '@pickles/service-kit';
import { parsePaymentVerified, type EventEnvelope } from '@pickles/shared';
import type { Mailer } from '../clients/mailer.js';
import { loadOrderForEmail } from '../db/orders.js';
import { sendOnce } from '../db/sent-emails.js';
import { renderOrderConfirmation } from '../emails/order-confirmation.js';
import { renderOwnerAlert } from '../emails/owner-alert.js';
import type { SellerProfile } from '@pickles/shared/seller-profile';
import type { ShopContact } from '../emails/shopper.js';
import { DEMO_SUPPORT_PHONE, LOCAL_SHOP_URL } from '../env.js';

export interface NotificationDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  ownerEmail: string;
  supportEmail: string;
  /** Default: env.ts's demo number (tests that do not look at it). */
  supportPhone?: string;
  /** The shop's public address for the e-mails' links; default: env.ts's local one. */
  shopUrl?: string;
  mailDomain: string;
  /** Signs the tracking links in shoppers' e-mails; default: the demo secret (env.ts). */
  trackingLinkSecret?: string;
  /** The e-mail claim's lease (sendOnce); about the job lock, so a dead worker's e-mail is retried soon. */
  sendLeaseMs?: number;
  /** Named in the complaint e-mails (GRIEVANCE_OFFICER_*); default: the seller profile's demo officer. */
  grievanceOfficer?: SellerProfile['grievanceOfficer'];
}

/** What the shopper e-mails say about reaching the shop and the order, from the deps and env.ts's defaults. */
export function shopContact(deps: NotificationDeps): ShopContact {
  return {
    supportEmail: deps.supportEmail,
    supportPhone: deps.supportPhone ?? DEMO_SUPPORT_PHONE,
    shopUrl: deps.shopUrl ?? LOCAL_SHOP_URL,
    trackingLinkSecret: deps.trackingLinkSecret ?? DEMO_TRACKING_LINK_SECRET,
  };
}

/**
 * payment.verified -> the customer's confirmation and the owner's alert, each sent once. Throwing
 * makes BullMQ retry with backoff (SMTP down); an event we cannot read is unrecoverable.
 */
export async function processPaymentVerified(envelope: EventEnvelope, deps: NotificationDeps): Promise<{ confirmation: string; alert: string }> {
  const data = parseOrFail(parsePaymentVerified, envelope);
  const order = await loadOrderForEmail(deps.db, data.orderId);
  if (!order) throw new UnrecoverableError(`order ${data.orderId} not found`);

  const shop = shopContact(deps);
  const confirmation = renderOrderConfirmation(order, shop);
  const alert = renderOwnerAlert(order, shop.shopUrl);
  // The two e-mails are independent (each claimed and sent once on its own), so they go out side by
  // side. Both are settled before the job fails, so a retry never races this attempt's other send.
  const [confirmationSettled, alertSettled] = await Promise.allSettled([
    sendOnce(deps.db, { orderId: order.id, kind: 'order-confirmation', recipient: order.customerEmail, eventId: envelope.id }, () =>
      deps.mailer.send({ to: order.customerEmail, ...confirmation, messageId: `<${order.id}.order-confirmation@${deps.mailDomain}>` }),
      deps.sendLeaseMs,
    ),
    sendOnce(deps.db, { orderId: order.id, kind: 'owner-alert', recipient: deps.ownerEmail, eventId: envelope.id }, () =>
      deps.mailer.send({ to: deps.ownerEmail, ...alert, messageId: `<${order.id}.owner-alert@${deps.mailDomain}>` }),
      deps.sendLeaseMs,
    ),
  ]);
  if (confirmationSettled.status === 'rejected') throw confirmationSettled.reason;
  if (alertSettled.status === 'rejected') throw alertSettled.reason;
  const confirmationResult = confirmationSettled.value;
  const alertResult = alertSettled.value;
  deps.logger.info({ eventId: envelope.id, orderId: order.id, orderNumber: order.orderNumber, confirmation: confirmationResult, alert: alertResult }, 'payment.verified handled');
  return { confirmation: confirmationResult, alert: alertResult };
}
