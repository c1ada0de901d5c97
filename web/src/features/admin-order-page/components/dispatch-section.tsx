import { useState } from 'react';
import type { AdminOrderDetailResponse, RecordDispatchResponse } from '@pickles/shared';
import { mayOwner } from '@pickles/shared/order-lifecycle';
import { formatDateTime } from '../format.js';
import { DispatchForm } from './dispatch-form.js';
import { Section } from './order-sections.js';

interface DispatchSectionProps {
  detail: AdminOrderDetailResponse;
  onSaved: (response: RecordDispatchResponse) => void;
}

/** The shipment: its record with the tracking link, and the form that records or corrects it. */
export function DispatchSection({ detail, onSaved }: DispatchSectionProps) {
  const { order, dispatch } = detail;
  const [isEditing, setIsEditing] = useState(false);
  // The lifecycle's rule, which the server applies again.
  const canRecord = mayOwner(order, 'dispatch').allowed;
  const saved = (response: RecordDispatchResponse) => {
    setIsEditing(false);
    onSaved(response);
  };

  if (!dispatch) {
    return (
      <Section title="Dispatch">
        {canRecord ? (
          <DispatchForm orderId={order._id} dispatch={null} onSaved={saved} />
        ) : (
          <p className="op-muted">Not dispatched. A dispatch can be recorded for a paid order.</p>
        )}
      </Section>
    );
  }
  return (
    <Section
      title="Dispatch"
      actions={
        isEditing ? null : (
          <button type="button" className="btn btn-small" onClick={() => setIsEditing(true)}>
            Correct dispatch
          </button>
        )
      }
    >
      {isEditing ? (
        <DispatchForm orderId={order._id} dispatch={dispatch} onSaved={saved} onCancel={() => setIsEditing(false)} />
      ) : (
        <dl className="op-facts">
          <dt>Courier</dt>
          <dd>{dispatch.courierName}</dd>
          <dt>AWB</dt>
          <dd>
            <code>{dispatch.awb}</code>
          </dd>
          <dt>Tracking</dt>
          <dd>
            {dispatch.trackingUrl ? (
              <a href={dispatch.trackingUrl} target="_blank" rel="noopener noreferrer" className="op-break">
                Track the parcel<span className="visually-hidden"> (opens {dispatch.courierName}&apos;s page in a new tab)</span>
              </a>
            ) : (
              '-'
            )}
          </dd>
          <dt>Dispatched</dt>
          <dd>
            {formatDateTime(dispatch.dispatchedAt)} by {dispatch.recordedBy}
            {dispatch.corrections ? <span className="op-muted"> · corrected {dispatch.corrections === 1 ? 'once' : `${dispatch.corrections} times`}</span> : null}
          </dd>
        </dl>
      )}
    </Section>
  );
}
