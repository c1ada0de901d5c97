import type { ReactNode } from 'react';

/** One term of a description list and its description (`testId` marks the description for tests). */
export function Term({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

/** A term and its description in a <div> of their own, the unit a grid of facts lays out (`className` styles the description). */
export function GroupedTerm({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
