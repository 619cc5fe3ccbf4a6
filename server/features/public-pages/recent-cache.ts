/**
 * A small cache of values computed for public pages, each kept `ttlMs` (the pages' own Cache-Control max-age, so a
 * visitor never sees older counts than a browser cache would keep) and at most `size` of them, the oldest dropped first.
 * Per process: a copy behind a load balancer keeps its own, nothing depends on it.
 */
export function recentCache<T>(ttlMs: number, size: number, now: () => number = Date.now) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    entries.delete(key);
    const value = compute();
    // a failure is not kept: the next request computes again
    value.catch(() => entries.delete(key));
    entries.set(key, { at: now(), value });
    if (entries.size > size) entries.delete(entries.keys().next().value as string);
    return value;
  };
}
