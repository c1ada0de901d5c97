import type { OrderPaymentLink } from '@pickles/shared/api';
import { formatIndiaDateTime } from '@pickles/shared/india-time';
import { CopyButton } from './copy-button.js';
import './payment-link-box.css';

/** What the owner reads about a link's state (decision 032). */
export const PAYMENT_LINK_STATUS: Record<OrderPaymentLink['status'], string> = {
  created: 'Waiting for payment',
  paid: 'Paid',
  expired: 'Payment link expired',
  cancelled: 'Payment link cancelled',
};

/**
 * An order's payment link for the owner to paste into WhatsApp: the address in full (it wraps, never
 * clipped), Copy, its status and until when it takes payments. The New order screen and the order page.
 */
export function PaymentLinkBox({ link }: { link: OrderPaymentLink }) {
  const isOpen = link.status === 'created';
  return (
    <div className="payment-link-box" data-status={link.status}>
      <p className="payment-link-box__status" role="status">
        <strong>{PAYMENT_LINK_STATUS[link.status]}</strong>
        {isOpen && link.expiresAt ? <span> · open until {formatIndiaDateTime(link.expiresAt)}</span> : null}
      </p>
      <div className="payment-link-box__row">
        <a className="payment-link-box__url" href={link.url} target="_blank" rel="noreferrer" data-testid="payment-link-url">
          {link.url}
        </a>
        <CopyButton value={link.url} label="payment link" />
      </div>
      {link.sentAt ? <p className="payment-link-box__sent">E-mailed to the shopper {formatIndiaDateTime(link.sentAt)}.</p> : null}
    </div>
  );
}
