import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatRupees, type AdminSettableStatus, type CreateRefundResponse, type RecordDispatchResponse } from '@pickles/shared';
import { mayOwner } from '@pickles/shared/order-lifecycle';
import { paths } from '../../../config/paths.js';
import { resendConfirmation } from '../api/resend-confirmation.js';
import { PaymentLinkSection } from './payment-link-section.js';
import { updateOrderStatus } from '../api/update-status.js';
import { failureText } from '../../../lib/api-failure.js';
import { formatDateTime } from '../format.js';
import { useOrderDetail } from '../hooks/use-order-detail.js';
import { BusyButton } from './busy-button.js';
import { DispatchSection } from './dispatch-section.js';
import { ShipmentSection } from './shipment-section.js';
import { CustomerSection, EmailsSection, HistorySection, ItemsSection, PaymentsSection, RefundsSection, Section, StatusBadge } from './order-sections.js';
import { RefundDialog } from './refund-dialog.js';
import { StatusAction } from './status-action.js';
import { TaxDocumentsSection } from './tax-documents-section.js';
import '../order-page.css';


type Notice = { kind: 'done' | 'failed'; text: string };
type RefundOffer = { intro?: string; reason?: string };

export function BackToPanel() {
  return (
    <Link to={paths.admin} className="op-back">
      <span aria-hidden="true">←</span> All orders
    </Link>
  );
}

/** Not found, or the order could not be loaded: said plainly, with the way back and a retry. */
export function LoadFailure({ status, error, onRetry }: { status?: number; error: string; onRetry: () => void }) {
  return (
    <div className="op-page admin-width">
      <BackToPanel />
      <div className="op-card op-failure" role="alert">
        {status === 404 ? (
          <>
            <h1>Order not found</h1>
            <p>There is no order at this address. It may have been removed; search for it in the panel.</p>
          </>
        ) : (
          <>
            <h1>The order could not be loaded</h1>
            <p>{error}</p>
            <button type="button" className="btn btn-small" onClick={onRetry}>
              Try again
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * /admin/orders/:id: everything about one order and what the owner can do with it. Each action
 * fetches the order again; while a refund is with Razorpay the page polls until it settles.
 */
export function OrderPage({ id }: { id: string }) {
  const { detail, failure, isLoading, isPolling, refresh } = useOrderDetail(id, { pollRefunds: true });
  const [notice, setNotice] = useState<Notice | undefined>();
  const [busy, setBusy] = useState<'status' | 'resend' | undefined>();
  const [refundOffer, setRefundOffer] = useState<RefundOffer | undefined>();

  if (!detail) {
    if (isLoading) {
      return (
        <div className="op-page admin-width">
          <BackToPanel />
          <p role="status">Loading the order...</p>
        </div>
      );
    }
    return <LoadFailure status={failure?.status} error={failure?.error ?? 'Unknown error'} onRetry={() => void refresh()} />;
  }

  const { order } = detail;

  const changeStatus = async (to: AdminSettableStatus) => {
    setBusy('status');
    setNotice(undefined);
    try {
      await updateOrderStatus(order._id, to);
      setNotice({ kind: 'done', text: `Status changed to ${to}` });
    } catch (cause) {
      setNotice({ kind: 'failed', text: failureText(cause, 'Failed to update status') });
      setBusy(undefined);
      return;
    }
    const fresh = (await refresh()) ?? detail;
    setBusy(undefined);
    // A cancelled order whose money the shop still holds: offer its refund straight away.
    if (to === 'cancelled' && fresh.order.paymentStatus === 'paid' && fresh.refundable > 0) {
      setRefundOffer({ intro: 'The order is cancelled. Refund the shopper now?', reason: 'Order cancelled' });
    }
  };

  const resend = async () => {
    if (!window.confirm(`Send the order confirmation e-mail to ${order.customerInfo.email} again?`)) return;
    setBusy('resend');
    setNotice(undefined);
    try {
      await resendConfirmation(order._id);
      setNotice({ kind: 'done', text: `The confirmation e-mail will be sent again to ${order.customerInfo.email}` });
    } catch (cause) {
      setNotice({ kind: 'failed', text: failureText(cause, 'The confirmation e-mail could not be resent') });
    } finally {
      setBusy(undefined);
    }
    void refresh();
  };

  const dispatchSaved = (response: RecordDispatchResponse) => {
    setNotice({
      kind: 'done',
      text: response.created ? `Dispatch recorded: ${response.dispatch.courierName} ${response.dispatch.awb}. The shopper is e-mailed the tracking link.` : 'Dispatch corrected',
    });
    void refresh();
  };

  const refundRequested = (response: CreateRefundResponse) => {
    setRefundOffer(undefined);
    setNotice({
      kind: 'done',
      text: response.created ? `Refund of ${formatRupees(response.refund.amount)} requested` : `This refund of ${formatRupees(response.refund.amount)} was already requested`,
    });
    void refresh();
  };

  const canResend = mayOwner(order, 'resend-confirmation').allowed;

  return (
    <div className="op-page admin-width">
      <BackToPanel />
      <header className="op-header">
        <div className="op-header__title">
          <h1>Order {order.orderId}</h1>
          <p className="op-header__facts">
            <StatusBadge status={order.status} />
            <span>payment: {order.paymentStatus}</span>
            <span>placed {formatDateTime(order.createdAt)}</span>
          </p>
        </div>
        <div className="op-header__actions">
          <Link to={paths.packingSlip(order._id)} className="btn btn-small">
            Print packing slip
          </Link>
          {canResend ? (
            <BusyButton isBusy={busy === 'resend'} busyText="Sending..." onClick={() => void resend()}>
              Resend confirmation e-mail
            </BusyButton>
          ) : null}
        </div>
      </header>

      {notice ? (
        <p className={notice.kind === 'done' ? 'op-notice' : 'op-notice op-notice--failed'} role={notice.kind === 'done' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      {failure ? (
        <p className="op-notice op-notice--failed" role="alert">
          Could not refresh the order: {failure.error}. What is shown may be out of date.
        </p>
      ) : null}

      <div className="op-grid">
        <div className="op-side">
          <Section title="Status">
            <StatusAction status={order.status} choices={detail.statusChoices} isBusy={busy === 'status'} onChange={(to) => void changeStatus(to)} />
          </Section>
          <PaymentLinkSection
            detail={detail}
            onChanged={(changed) => {
              setNotice(changed);
              void refresh();
            }}
          />
          <CustomerSection order={order} />
          <ShipmentSection
            detail={detail}
            onChanged={(changed) => {
              setNotice(changed);
              void refresh();
            }}
          />
          <DispatchSection detail={detail} onSaved={dispatchSaved} />
        </div>
        <div className="op-main">
          <ItemsSection order={order} />
          <PaymentsSection payments={detail.payments} />
          <TaxDocumentsSection invoice={detail.invoice} creditNotes={detail.creditNotes} />
          <RefundsSection
            refunds={detail.refunds}
            refundable={detail.refundable}
            isPolling={isPolling}
            actions={
              detail.refundable > 0 ? (
                <button type="button" className="btn btn-small" onClick={() => setRefundOffer({})}>
                  Refund…
                </button>
              ) : null
            }
          />
          <HistorySection history={detail.history} />
          <EmailsSection emails={detail.emails} />
        </div>
      </div>

      {refundOffer ? (
        <RefundDialog
          orderId={order._id}
          orderNumber={order.orderId}
          refundable={detail.refundable}
          intro={refundOffer.intro}
          defaultReason={refundOffer.reason}
          onClose={() => setRefundOffer(undefined)}
          onRequested={refundRequested}
        />
      ) : null}
    </div>
  );
}
