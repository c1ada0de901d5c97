import { useState } from 'react';
import type { ShipBatchResponse } from '@pickles/shared';
import { paths } from '../../../config/paths.js';
import { Link } from 'react-router-dom';
import { failureText } from '../../../lib/api-failure.js';
import { shipmentLabels } from '../api/ship-batch.js';

interface ShipBatchResultProps {
  result: ShipBatchResponse;
  onDismiss: () => void;
}

/**
 * What "Ship selected" did, order by order: booked (the courier and AWB), pending (the courier did not
 * answer: the shop keeps trying) or refused (the reason); and one PDF with the labels of those booked.
 */
export function ShipBatchResult({ result, onDismiss }: ShipBatchResultProps) {
  const booked = result.shipped.filter((line) => line.shipment.state === 'booked');
  const pending = result.shipped.filter((line) => line.shipment.state !== 'booked');
  const [labels, setLabels] = useState<{ busy: boolean; failure?: string; missing?: string[] }>({ busy: false });

  const printLabels = async () => {
    setLabels({ busy: true });
    try {
      const { url, missing } = await shipmentLabels(booked.map((line) => line.orderId));
      window.open(url, '_blank', 'noopener');
      setLabels({ busy: false, missing });
    } catch (cause) {
      setLabels({ busy: false, failure: failureText(cause, 'The labels could not be fetched') });
    }
  };

  return (
    <section className="batch-result ship-result" aria-label="Ship selected result" data-refused={result.refused.length || pending.length || undefined}>
      <div className="batch-result__head">
        <p className="batch-result__summary" role="status">
          {booked.length} booked with the courier.
          {pending.length ? ` ${pending.length} pending (the courier did not answer; the shop keeps trying).` : null}
          {result.refused.length ? ` ${result.refused.length} not shipped.` : null}
        </p>
        <button type="button" className="link-btn" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      <ul className="ship-result__lines">
        {booked.map((line) => (
          <li key={line.orderId} data-outcome="booked">
            <Link to={paths.adminOrder(line.orderId)}>{line.orderNumber}</Link> <span className="ship-result__tag">Booked</span>{' '}
            <span className="ship-result__what">
              {line.shipment.courierName} · AWB <code>{line.shipment.awb}</code>
            </span>
          </li>
        ))}
        {pending.map((line) => (
          <li key={line.orderId} data-outcome="pending">
            <Link to={paths.adminOrder(line.orderId)}>{line.orderNumber}</Link> <span className="ship-result__tag">Pending</span>{' '}
            <span className="ship-result__what">{line.shipment.error ?? 'Being booked'}</span>
          </li>
        ))}
        {result.refused.map((line) => (
          <li key={line.orderId} data-outcome="refused">
            {line.orderNumber ? <Link to={paths.adminOrder(line.orderId)}>{line.orderNumber}</Link> : 'An order'} <span className="ship-result__tag">Not shipped</span>{' '}
            <span className="ship-result__what">{line.reason}</span>
          </li>
        ))}
      </ul>
      {booked.length ? (
        <div className="ship-result__labels">
          <button type="button" className="btn" disabled={labels.busy} onClick={() => void printLabels()}>
            {labels.busy ? 'Fetching labels…' : `Print ${booked.length === 1 ? 'the label' : `${booked.length} labels`}`}
          </button>
          {labels.failure ? (
            <span className="orders-error" role="alert">
              {labels.failure}
            </span>
          ) : null}
          {labels.missing?.length ? <span className="batch-result__ids">No label yet for {labels.missing.join(', ')}</span> : null}
        </div>
      ) : null}
    </section>
  );
}
