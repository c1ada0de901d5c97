/** Whether `error` is PostgreSQL refusing a row for a unique constraint whose name starts with `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505' && ((error as { constraint?: string }).constraint ?? '').startsWith(constraint);
}
