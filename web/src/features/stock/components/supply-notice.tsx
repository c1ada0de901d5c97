import type { ReactNode } from 'react';
import type { SupplyProblem } from '../cart-supply.js';
import '../stock.css';

/**
 * Why the cart cannot go to payment: each line the batch cannot supply, in the words create-order
 * would refuse it with. An alert, so a screen reader hears it when it appears.
 */
export function SupplyNotice({ problems, id, children }: { problems: readonly Pick<SupplyProblem, 'message'>[]; id?: string; children?: ReactNode }) {
  if (!problems.length) return null;
  // The server's refusal and the shop's own check often say the same sentence: once is enough.
  const messages = [...new Set(problems.map((problem) => problem.message))];
  return (
    <div className="stock-notice" role="alert" id={id} tabIndex={-1} data-testid="stock-notice">
      <p className="stock-notice__title">Your cart cannot be supplied as it is:</p>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      {children}
    </div>
  );
}
