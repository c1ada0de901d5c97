import { UnrecoverableError } from 'bullmq';
import { parseOrFail } from './parse-event.js';
import { parsePaymentAttentionRaised, type EventEnvelope } from '@pickles/shared';
import { loadAttentionForEmail } from '../db/attention.js';
import { sendOnce } from '../db/sent-emails.js';
import { renderOwnerAttention } from '../emails/owner-attention.js';
import { LOCAL_SHOP_URL } from '../env.js';
import type { NotificationDeps } from './process-payment-verified.js';

/** payment.attention-raised -> one e-mail to the owner per attention item. */
export async function processPaymentAttentionRaised(envelope: EventEnvelope, deps: NotificationDeps): Promise<{ attention: string }> {
  const data = parseOrFail(parsePaymentAttentionRaised, envelope);
  const item = await loadAttentionForEmail(deps.db, data.attentionId);
  if (!item) throw new UnrecoverableError(`attention item ${data.attentionId} not found`);
  const email = renderOwnerAttention(item, deps.shopUrl ?? LOCAL_SHOP_URL);
  const result = await sendOnce(deps.db, { attentionId: item.id, kind: 'owner-attention', recipient: deps.ownerEmail, eventId: envelope.id }, () =>
    deps.mailer.send({ to: deps.ownerEmail, ...email, messageId: `<${item.id}.owner-attention@${deps.mailDomain}>` }),
    deps.sendLeaseMs,
  );
  const order = item.order_id ? { orderId: item.order_id, orderNumber: item.order_number } : {};
  deps.logger.info({ eventId: envelope.id, attentionId: item.id, kind: item.kind, ...order, attention: result }, 'payment.attention-raised handled');
  return { attention: result };
}
