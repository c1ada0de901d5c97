import { createHash } from 'node:crypto';
import { UnrecoverableError } from 'bullmq';
import { parseOrderChanged, type EventEnvelope, type OrderChangedV1 } from '@pickles/shared';
import { loadDispatch, loadRefund, refundsUnderway } from '../db/after-payment.js';
import { loadCourierEvent } from '../db/courier-events.js';
import { renderDeliveryFailed, renderOutForDelivery } from '../emails/courier-updates.js';
import { loadOrderForEmail, type EmailOrder } from '../db/orders.js';
import { decideRefundCompleted, decideRefundStarted } from '../db/refund-emails.js';
import { sendOnce } from '../db/sent-emails.js';
import { loadPaymentLink } from '../db/payment-links.js';
import { renderPaymentLink } from '../emails/payment-link.js';
import { renderOrderConfirmation } from '../emails/order-confirmation.js';
import type { RenderedEmail, ShopContact } from '../emails/shopper.js';
import { renderCancelled, renderDelivered, renderDispatched, renderRefundCompleted, renderRefundStarted } from '../emails/shopper-updates.js';
import { parseOrFail } from './parse-event.js';
import { shopContact, type NotificationDeps } from './process-payment-verified.js';

/** The e-mail of one update, read from the database as it stands now. */
async function render(deps: NotificationDeps, update: OrderChangedV1, order: EmailOrder, shop: ShopContact): Promise<RenderedEmail> {
  switch (update.kind) {
    case 'dispatched': {
      const dispatch = await loadDispatch(deps.db, order.id);
      if (!dispatch) throw new UnrecoverableError(`order ${order.id} has no dispatch record`);
      return renderDispatched(order, dispatch, shop);
    }
    case 'delivered':
      return renderDelivered(order, shop);
    case 'cancelled':
      return renderCancelled(order, await refundsUnderway(deps.db, order.id), shop);
    case 'refund-started':
    case 'refund-completed': {
      const refund = await loadRefund(deps.db, { orderId: order.id, refundRequestId: update.refundRequestId, dedupeKey: update.dedupeKey });
      if (!refund) throw new UnrecoverableError(`refund ${update.refundRequestId ?? update.dedupeKey} of order ${order.id} not found`);
      return update.kind === 'refund-started' ? renderRefundStarted(order, refund, shop) : renderRefundCompleted(order, refund, shop);
    }
    case 'confirmation-resent':
      return renderOrderConfirmation(order, shop);
    case 'out-for-delivery':
    case 'delivery-failed': {
      const event = await loadCourierEvent(deps.db, order.id, update.dedupeKey);
      if (!event) throw new UnrecoverableError(`courier event ${update.dedupeKey} of order ${order.id} not found`);
      return update.kind === 'out-for-delivery' ? renderOutForDelivery(order, event, shop) : renderDeliveryFailed(order, event, shop);
    }
    case 'payment-link': {
      const link = await loadPaymentLink(deps.db, order.id, update.dedupeKey);
      if (!link) throw new UnrecoverableError(`payment link ${update.dedupeKey} of order ${order.id} not found`);
      return renderPaymentLink(order, link, shop);
    }
  }
}

/** A Message-ID per (kind, key): a resent confirmation must not look like the first one to mail systems. */
const messageIdPart = (key: string) => (/^[A-Za-z0-9._-]{1,64}$/.test(key) ? key : createHash('sha256').update(key).digest('hex').slice(0, 32));

/** What decides, once claimed, whether a refund's e-mail goes out now (refund-emails.ts); the others always do. */
function decideFor(deps: NotificationDeps, update: OrderChangedV1) {
  if (update.kind === 'refund-started') return decideRefundStarted(deps.db, update.dedupeKey, update.refundRequestId);
  if (update.kind === 'refund-completed') return decideRefundCompleted(deps.db, update.dedupeKey);
  return undefined;
}

/**
 * order.changed -> one e-mail to the shopper per (kind, dedupeKey), sent once however often
 * the event is delivered (sendOnce). An order whose shopper asked to be forgotten has no address
 * left: nothing is sent. A refund's "started" that would arrive after its "processed" is not sent.
 */
export async function processOrderChanged(envelope: EventEnvelope, deps: NotificationDeps): Promise<{ shopper: 'sent' | 'already-sent' | 'erased' | 'superseded' }> {
  const update = parseOrFail(parseOrderChanged, envelope);
  const order = await loadOrderForEmail(deps.db, update.orderId);
  if (!order) throw new UnrecoverableError(`order ${update.orderId} not found`);
  if (order.personalDataErased) {
    deps.logger.info({ eventId: envelope.id, orderId: order.id, orderNumber: order.orderNumber, kind: update.kind }, 'order.changed: personal data erased, nothing sent');
    return { shopper: 'erased' };
  }
  const shop = shopContact(deps);
  const email = await render(deps, update, order, shop);
  const result = await sendOnce(
    deps.db,
    { orderId: order.id, dedupeKey: update.dedupeKey, kind: update.kind, recipient: order.customerEmail, eventId: envelope.id },
    () => deps.mailer.send({ to: order.customerEmail, ...email, messageId: `<${order.id}.${update.kind}.${messageIdPart(update.dedupeKey)}@${deps.mailDomain}>` }),
    deps.sendLeaseMs,
    decideFor(deps, update),
  );
  deps.logger.info({ eventId: envelope.id, orderId: order.id, orderNumber: order.orderNumber, kind: update.kind, shopper: result }, 'order.changed handled');
  return { shopper: result };
}
