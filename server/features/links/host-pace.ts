/**
 * Per-site pacing of the page fetcher: at most one request to a host every `intervalMs`, and after a 429, a 5xx or
 * a timeout the host is left alone for longer (doubling, or its Retry-After), up to `maxBackoffMs`. Kept in this
 * process: each server copy paces its own requests.
 */
export class HostPace {
  private readonly next = new Map<string, number>();
  private readonly strikes = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly maxBackoffMs = 3_600_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a request to `host` may be made now. */
  ready(host: string): boolean {
    return (this.next.get(host) ?? 0) <= this.now();
  }

  /** A request to `host` is made now: the next waits `intervalMs`. */
  took(host: string): void {
    this.forgetOld();
    this.next.set(host, Math.max(this.next.get(host) ?? 0, this.now() + this.intervalMs));
  }

  /** The host answered well: its backoff is over. */
  fine(host: string): void {
    this.strikes.delete(host);
  }

  /** The host is struggling (429, 5xx, timeout): wait its Retry-After (seconds) or a doubling delay. */
  backOff(host: string, retryAfterSeconds?: number): number {
    const strikes = (this.strikes.get(host) ?? 0) + 1;
    this.strikes.set(host, strikes);
    const doubling = Math.max(this.intervalMs, 1000) * 2 ** strikes;
    const wait = Math.min(this.maxBackoffMs, retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : doubling);
    this.next.set(host, this.now() + wait);
    return wait;
  }

  /** Hosts whose wait is over are forgotten, so the maps stay as small as the sites being checked. */
  private forgetOld(): void {
    if (this.next.size < 10_000) return;
    const now = this.now();
    for (const [host, at] of this.next) if (at <= now && !this.strikes.has(host)) this.next.delete(host);
  }
}

/** Retry-After as seconds (a number or an HTTP date), or undefined. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.round((at - now) / 1000));
}
