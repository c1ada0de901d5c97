import { useState } from 'react';
import type { AdminDiscountCode } from '@pickles/shared/api';
import { indiaInputFromInstant } from '@pickles/shared/discount-codes';
import { formatIndiaDateTime } from '@pickles/shared/india-time';
import { formatPaise, paiseToRupees } from '@pickles/shared/money';
import { FormFailure } from '../../../components/ui/admin-form.js';
import { failureText } from '../../../lib/api-failure.js';
import { updateDiscountCode } from '../api/admin-discount-codes.js';

/** When the code runs, in India time. */
function runs(code: AdminDiscountCode): string {
  if (!code.startsAt && !code.endsAt) return 'Always';
  const from = code.startsAt ? `from ${formatIndiaDateTime(code.startsAt)}` : 'from now';
  return code.endsAt ? `${from} to ${formatIndiaDateTime(code.endsAt)}` : from;
}

/** One code: its offer, terms and counts, and the owner's pause / activate. */
function DiscountCodeCard({ code, onSaved }: { code: AdminDiscountCode; onSaved: (code: AdminDiscountCode) => void }) {
  const [failure, setFailure] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);
  const toggle = async () => {
    setIsSending(true);
    setFailure(undefined);
    try {
      const answer = await updateDiscountCode(code.id, {
        kind: code.kind,
        percent: code.percent,
        amount: code.amountPaise === null ? null : paiseToRupees(code.amountPaise),
        minOrder: paiseToRupees(code.minOrderPaise),
        startsAt: code.startsAt ? indiaInputFromInstant(new Date(code.startsAt)) : null,
        endsAt: code.endsAt ? indiaInputFromInstant(new Date(code.endsAt)) : null,
        maxUses: code.maxUses,
        maxUsesPerShopper: code.maxUsesPerShopper,
        active: !code.active,
      });
      onSaved(answer.code);
    } catch (cause) {
      setFailure(failureText(cause, 'The code could not be changed'));
    } finally {
      setIsSending(false);
    }
  };
  const status = code.active ? 'Active' : 'Paused';
  return (
    <li className="op-card discount-card" data-testid={`discount-${code.code}`}>
      <div className="op-card__head">
        <h3 className="discount-card__code">{code.code}</h3>
        <span className="discount-card__status" data-status={status}>
          {status}
        </span>
      </div>
      <p className="discount-card__offer">
        {code.offer}
        {code.minOrderPaise > 0 ? ` on orders of ${formatPaise(code.minOrderPaise)} or more` : ''}
      </p>
      <dl className="discount-card__facts fact-boxes">
        <div>
          <dt>Runs</dt>
          <dd>{runs(code)}</dd>
        </div>
        <div>
          <dt>Uses</dt>
          <dd data-testid="discount-uses">
            {code.uses}
            {code.maxUses === null ? ' (no limit)' : ` of ${code.maxUses}`}
          </dd>
        </div>
        <div>
          <dt>Per shopper</dt>
          <dd>{code.maxUsesPerShopper === null ? 'No limit' : code.maxUsesPerShopper}</dd>
        </div>
        <div>
          <dt>Paid orders</dt>
          <dd data-testid="discount-paid">{code.paidUses}</dd>
        </div>
        <div>
          <dt>Discount given</dt>
          <dd data-testid="discount-given">{formatPaise(code.discountGivenPaise)}</dd>
        </div>
      </dl>
      <FormFailure message={failure} />
      <div className="discount-card__actions">
        <button type="button" className="btn" onClick={() => void toggle()} disabled={isSending}>
          {code.active ? 'Pause' : 'Make active'}
        </button>
      </div>
    </li>
  );
}

export function DiscountCodeList({ codes, onSaved }: { codes: AdminDiscountCode[]; onSaved: (code: AdminDiscountCode) => void }) {
  if (!codes.length) return <p className="op-muted">No codes yet.</p>;
  return (
    <ul className="discount-list">
      {codes.map((code) => (
        <DiscountCodeCard key={code.id} code={code} onSaved={onSaved} />
      ))}
    </ul>
  );
}
