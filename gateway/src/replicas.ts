/**
 * The replicas of one upstream service, taken in turn (round-robin). The gateway learns which ones
 * to avoid passively, from its own requests: a replica that refused a connection, or that answered
 * `Connection: close` (service-kit's shutdown drain: it is about to stop), is skipped for
 * `avoidForMs`. When every replica is being avoided, they are still tried in turn: a request that
 * might succeed beats a 502 that surely follows.
 */
export class ReplicaPool {
  private turn = 0;
  private readonly avoidedUntil = new Map<string, number>();

  constructor(
    readonly urls: readonly string[],
    private readonly avoidForMs = 2_000,
    private readonly now: () => number = Date.now,
  ) {
    if (urls.length === 0) throw new Error('a service needs at least one replica URL');
  }

  /** The next replica in turn that is not in `tried`, preferring ones not avoided; undefined when all were tried. */
  pick(tried: readonly string[] = []): string | undefined {
    const count = this.urls.length;
    const start = this.turn;
    this.turn = (this.turn + 1) % count;
    let fallback: string | undefined;
    for (let offset = 0; offset < count; offset++) {
      const url = this.urls[(start + offset) % count]!;
      if (tried.includes(url)) continue;
      if (!this.isAvoided(url)) return url;
      fallback ??= url;
    }
    return fallback;
  }

  /** Skip `url` for a while: it refused a connection or said it is shutting down. */
  avoid(url: string): void {
    this.avoidedUntil.set(url, this.now() + this.avoidForMs);
  }

  private isAvoided(url: string): boolean {
    const until = this.avoidedUntil.get(url);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.avoidedUntil.delete(url);
    return false;
  }
}
