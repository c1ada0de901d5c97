import { useId, useState, type FormEvent } from 'react';
import type { BatchDispatchResponse } from '@pickles/shared';
import { dispatchBatch } from '../api/dispatch-batch.js';
import { COURIERS } from '@pickles/shared/couriers';
import { batchDispatchSchema } from '@pickles/shared/admin-order-requests';
import { FormButtons, SubmitButton } from '../../../components/ui/admin-form.js';
import { failureText } from '../../../lib/api-failure.js';
import { Modal } from './modal.js';
import '../order-page.css';

/** The dialog behind "Dispatch from a file" (batch-dispatch-button.tsx loads it on first use). */
export default function BatchDispatchDialog({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  const [isSending, setIsSending] = useState(false);
  const [result, setResult] = useState<BatchDispatchResponse | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const textId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    const checked = batchDispatchSchema.safeParse({ lines: text });
    if (!checked.success) {
      setFailure(checked.error.issues[0]?.message);
      return;
    }
    setIsSending(true);
    setFailure(undefined);
    try {
      setResult(await dispatchBatch(text));
    } catch (cause) {
      setFailure(failureText(cause, 'The dispatches could not be recorded'));
    } finally {
      setIsSending(false);
    }
  };

  if (result) {
    const { recorded, refused } = result;
    return (
      <Modal title="Dispatch from a file" onClose={onClose}>
        <p className="op-confirm__question" role="status">
          Recorded {recorded.length} {recorded.length === 1 ? 'dispatch' : 'dispatches'}
          {refused.length ? `; ${refused.length} ${refused.length === 1 ? 'line' : 'lines'} not recorded:` : '.'}
        </p>
        {refused.length ? (
          <ul className="op-refused">
            {refused.map((line) => (
              <li key={line.line}>
                <span className="op-refused__where">
                  Line {line.line}: <code>{line.text}</code>
                </span>
                <span className="op-refused__why">{line.reason}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="op-modal__actions">
          <button type="button" className="btn" onClick={() => setResult(undefined)}>
            Paste more
          </button>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title="Dispatch from a file" isBusy={isSending} onClose={onClose}>
      <form className="op-form" onSubmit={submit} noValidate>
        <div className="op-field">
          <label htmlFor={textId}>One order per line: order number, courier, AWB</label>
          <textarea
            id={textId}
            rows={8}
            spellCheck={false}
            className="op-paste"
            wrap="off"
            placeholder={'RP250510-ABCDEF, Delhivery, 1234567890123\nRP250510-GHIJKL, bluedart, 81234567890'}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={`${textId}-hint`}
          />
          <span className="op-field__hint" id={`${textId}-hint`}>
            Paste the three columns from a spreadsheet, or type them separated by commas. Couriers:{' '}
            {COURIERS.filter((c) => c.id !== 'other')
              .map((c) => c.name)
              .join(', ')}
            .
          </span>
        </div>
        <FormButtons failure={failure} className="op-modal__actions" isBusy={isSending} onCancel={onClose}>
          <SubmitButton isSending={isSending} sendingLabel="Recording...">
            Record dispatches
          </SubmitButton>
        </FormButtons>
      </form>
    </Modal>
  );
}
