import { useId, useState } from 'react';
import type { AdminSettableStatus, OrderStatus } from '@pickles/shared';

interface StatusActionProps {
  status: OrderStatus;
  /** The server's statusChoices: the only moves offered. */
  choices: AdminSettableStatus[];
  isBusy: boolean;
  onChange: (status: AdminSettableStatus) => void;
}

/** Change the status to one of the moves the lifecycle allows now. */
export function StatusAction({ status, choices, isBusy, onChange }: StatusActionProps) {
  const moves = choices.filter((choice) => choice !== status);
  const [chosen, setChosen] = useState<AdminSettableStatus | ''>('');
  const selectId = useId();
  const value = chosen && moves.includes(chosen) ? chosen : '';
  if (!moves.length) return <p className="op-muted">No status change is possible for this order.</p>;
  return (
    <form
      className="op-status-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onChange(value);
        setChosen('');
      }}
    >
      <label htmlFor={selectId}>Change status to</label>
      <div className="op-status-form__row">
        <select id={selectId} value={value} disabled={isBusy} onChange={(e) => setChosen(moves.find((m) => m === e.target.value) ?? '')}>
          <option value="">Select</option>
          {moves.map((move) => (
            <option key={move} value={move}>
              {move}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-small" disabled={isBusy || !value}>
          {isBusy ? 'Changing...' : 'Change'}
        </button>
      </div>
    </form>
  );
}
