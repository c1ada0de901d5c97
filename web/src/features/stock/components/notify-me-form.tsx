import { useId, useState, type CSSProperties, type FormEvent } from 'react';
import { NOTIFY_ME_MESSAGES } from '@pickles/shared/batch-subscription-messages';
import { failureText } from '../../../lib/api-failure.js';
import { signUpForNextBatch } from '../api/notify-me.js';
import '../stock.css';

/**
 * "Tell me when the next batch is ready" under a sold-out or coming-soon product (decision 029). Its
 * purpose is said beside the field; the address is checked with the server's own schema, then the
 * server e-mails a confirmation link. Closed on the shop's cards (a line, so the grid keeps its
 * rhythm), open on the product's own page.
 */

/**
 * The closed line is styled inline: the prerendered card paints it before this feature's sheet
 * arrives (CLS 0). Its height is the room the product card keeps for it on every card
 * (features/catalogue), so its words stay on one line down to a 320 px phone (224 px of 246 there).
 */
const SUMMARY_STYLE: CSSProperties = { cursor: 'pointer', color: '#8b1e1e', fontWeight: 600, fontSize: '0.9rem', lineHeight: 1.4, padding: '0.35rem 0' };

export function NotifyMeForm({ productId, productName, open = false }: { productId: number; productName: string; open?: boolean }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);
  const fieldId = `${id}-email`;
  const purposeId = `${id}-purpose`;
  const errorId = `${id}-error`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSending) return;
    // The server's own schema, loaded on the first submit: zod stays off the shop's first load.
    const { notifyMeRequestSchema } = await import('@pickles/shared/batch-subscriptions');
    const parsed = notifyMeRequestSchema.safeParse({ productId, email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? NOTIFY_ME_MESSAGES.email);
      return;
    }
    setError(undefined);
    setIsSending(true);
    try {
      const answer = await signUpForNextBatch(parsed.data);
      setDone(answer.message);
    } catch (cause) {
      setError(failureText(cause, 'We could not sign you up. Please try again.', 'shopper'));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <details className="notify-me" open={open} data-testid={`notify-me-${productId}`}>
      <summary style={SUMMARY_STYLE}>Notify me of the next batch</summary>
      {done ? (
        <p className="notify-me__done" role="status" data-testid="notify-me-done">
          {done}
        </p>
      ) : (
        <form className="notify-me__form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Tell me when the next batch of ${productName} is ready`}>
          <p className="notify-me__purpose" id={purposeId}>
            {NOTIFY_ME_MESSAGES.purpose(productName)} {NOTIFY_ME_MESSAGES.once}
          </p>
          <label htmlFor={fieldId} className="notify-me__label">
            Your e-mail address
          </label>
          <div className="notify-me__row">
            <input
              id={fieldId}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={200}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (error) setError(undefined);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${errorId} ${purposeId}` : purposeId}
            />
            <button type="submit" className="btn btn-primary" disabled={isSending}>
              {isSending ? 'Sending...' : 'Notify me'}
            </button>
          </div>
          {error && (
            <p className="notify-me__error" id={errorId} role="alert" data-testid="notify-me-error">
              {error}
            </p>
          )}
        </form>
      )}
    </details>
  );
}
