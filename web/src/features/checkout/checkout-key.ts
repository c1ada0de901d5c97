function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One key per checkout attempt, sent as Idempotency-Key: confirming the same cart and details again
 * (a double click, a retry, reopening after closing Razorpay's window) reuses the same order; a
 * changed cart or address starts a new attempt.
 */
export function createCheckoutKeys(): (fingerprint: string) => string {
  let current: { fingerprint: string; key: string } | undefined;
  return (fingerprint) => {
    if (current?.fingerprint !== fingerprint) current = { fingerprint, key: randomId() };
    return current.key;
  };
}
