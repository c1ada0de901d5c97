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
