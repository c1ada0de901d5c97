import { useState } from 'react';
import type { AdminOrderDetailResponse } from '@pickles/shared/api';
import { mayOwner } from '@pickles/shared/order-lifecycle';
import { PaymentLinkBox } from '../../../components/ui/payment-link-box.js';
import { failureText } from '../../../lib/api-failure.js';
import { cancelPaymentLink, sendPaymentLink } from '../api/send-payment-link.js';
import { Section } from './order-sections.js';

/**
 * The order's payment link (decision 032): its address to copy, its status ("Payment link expired"),
 * and "Send a payment link" while the lifecycle allows one (an unpaid order that a payment may still
 * pay). Nothing for an order that never had a link and takes none.
 */
export function PaymentLinkSection({ detail, onChanged }: { detail: AdminOrderDetailResponse; onChanged: (notice: { kind: 'done' | 'failed'; text: string }) => void }) {
  const [busy, setBusy] = useState<'send' | 'cancel' | undefined>();
  const link = detail.paymentLink ?? null;
  const isOpen = link?.status === 'created' && (!link.expiresAt || new Date(link.expiresAt) > new Date());
  const canSend = detail.canSendPaymentLink === true && !isOpen;
  const canCancel = mayOwner({ status: detail.order.status, paymentStatus: detail.order.paymentStatus, paymentLinkStatus: link?.status ?? null }, 'cancel-payment-link').allowed;
  if (!link && !canSend) return null;
  const send = async () => {
    const email = detail.order.customerInfo.email;
    if (!window.confirm(`E-mail a payment link for this order to ${email}?`)) return;
    setBusy('send');
    try {
      const answer = await sendPaymentLink(detail.order._id);
      onChanged({ kind: 'done', text: answer.created ? `Payment link e-mailed to ${email}` : 'The order already has an open payment link' });
    } catch (cause) {
      onChanged({ kind: 'failed', text: failureText(cause, 'The payment link could not be sent') });
    } finally {
      setBusy(undefined);
    }
  };
  const cancel = async () => {
    if (!window.confirm('Cancel this payment link? The shopper can no longer pay with it; the order stays unpaid.')) return;
    setBusy('cancel');
    try {
      await cancelPaymentLink(detail.order._id);
      onChanged({ kind: 'done', text: 'Payment link cancelled' });
    } catch (cause) {
      onChanged({ kind: 'failed', text: failureText(cause, 'The payment link could not be cancelled') });
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Section title="Payment link">
      {link ? <PaymentLinkBox link={link} /> : <p className="op-muted">This order has no payment link.</p>}
      {canSend || canCancel ? (
        <p className="payment-link-section__actions">
          {canSend ? (
            <button type="button" className="btn btn-small" disabled={busy !== undefined} onClick={() => void send()}>
              {busy === 'send' ? 'Sending...' : 'Send a payment link'}
            </button>
          ) : null}
          {canCancel ? (
            <button type="button" className="btn btn-small" disabled={busy !== undefined} onClick={() => void cancel()}>
              {busy === 'cancel' ? 'Cancelling...' : 'Cancel link'}
            </button>
          ) : null}
        </p>
      ) : null}
    </Section>
  );
}
