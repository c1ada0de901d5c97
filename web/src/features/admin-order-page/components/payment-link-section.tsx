import { useState } from 'react';
import type { AdminOrderDetailResponse } from '@pickles/shared/api';
import { PaymentLinkBox } from '../../../components/ui/payment-link-box.js';
import { failureText } from '../../../lib/api-failure.js';
import { sendPaymentLink } from '../api/send-payment-link.js';
import { Section } from './order-sections.js';

/**
 * The order's payment link (decision 032): its address to copy, its status ("Payment link expired"),
 * and "Send a payment link" while the lifecycle allows one (an unpaid order that a payment may still
 * pay). Nothing for an order that never had a link and takes none.
 */
export function PaymentLinkSection({ detail, onChanged }: { detail: AdminOrderDetailResponse; onChanged: (notice: { kind: 'done' | 'failed'; text: string }) => void }) {
  const [isSending, setIsSending] = useState(false);
  const link = detail.paymentLink ?? null;
  const isOpen = link?.status === 'created' && (!link.expiresAt || new Date(link.expiresAt) > new Date());
  const canSend = detail.canSendPaymentLink === true && !isOpen;
  if (!link && !canSend) return null;
  const send = async () => {
    const email = detail.order.customerInfo.email;
    if (!window.confirm(`E-mail a payment link for this order to ${email}?`)) return;
    setIsSending(true);
    try {
      const answer = await sendPaymentLink(detail.order._id);
      onChanged({ kind: 'done', text: answer.created ? `Payment link e-mailed to ${email}` : 'The order already has an open payment link' });
    } catch (cause) {
      onChanged({ kind: 'failed', text: failureText(cause, 'The payment link could not be sent') });
    } finally {
      setIsSending(false);
    }
  };
  return (
    <Section title="Payment link">
      {link ? <PaymentLinkBox link={link} /> : <p className="op-muted">This order has no payment link.</p>}
      {canSend ? (
        <p>
          <button type="button" className="btn btn-small" disabled={isSending} onClick={() => void send()}>
            {isSending ? 'Sending...' : 'Send a payment link'}
          </button>
        </p>
      ) : null}
    </Section>
  );
}
