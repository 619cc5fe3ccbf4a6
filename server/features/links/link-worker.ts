import type { Db } from '../../db/client';
import { type BatchWorker, workerSet } from '../../jobs/batch-worker';
import { HostPace, retryAfterSeconds } from './host-pace';
import { checkLink, type LinkVerdict } from './link-check';
import { type Claimed, claim, putBack, recordCheck, seedNewGems } from './link-queue';
import { makePageFetcher, PAGE_FETCH_DEFAULTS, type PageFetchSettings } from './page-fetch';
import { pageFill } from './page-fill';

/** The dead-link check's pace (TROVE_LINK_CHECK*, see the README's Configuration). */
export interface LinkCheckSettings {
  /** Addresses this copy checks per minute; 0 turns the check (and imported pages' fills) off. */
  perMinute: number;
  /** A gem is checked again after this many days. */
  recheckDays: number;
  /** The least time between two requests to one site. */
  hostIntervalMs: number;
  /** The longest a struggling site (429, 5xx, timeouts) is left alone. */
  maxBackoffMs: number;
  /** How often the worker looks for due gems. */
  tickMs: number;
  fetch: PageFetchSettings;
}

export const LINK_CHECK_DEFAULTS: LinkCheckSettings = {
  perMinute: 20,
  recheckDays: 30,
  hostIntervalMs: 2_000,
  maxBackoffMs: 3_600_000,
  tickMs: 15_000,
  fetch: PAGE_FETCH_DEFAULTS,
};

/** Checks in flight at once. */
const PARALLEL = 4;
/** Chunks of new gems given a row per tick (5,000 gems: a server started on 100,000 walks them in 20 ticks). */
const SEED_CHUNKS = 10;

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

export interface LinkWorkerParts {
  db: Db;
  settings: LinkCheckSettings;
  pace: HostPace;
  fetcher: ReturnType<typeof makePageFetcher>;
  /** The id up to which gems have a row (in this process: gems are given rows in id order, from 0 at start). */
  seededTo: number;
}

/** The page's HTML when this check was also to fill an imported gem and brought a page. */
function pageOf(gem: Claimed, result: LinkVerdict['result']): string | null {
  if (!gem.fillPage || !result.ok || result.status >= 300 || result.body === null) return null;
  return /html/i.test(result.headers.get('content-type') ?? 'text/html') ? result.body : null;
}

/** A page that cannot be read fills nothing: the gem stays as it was. */
function safely<T>(read: () => T, otherwise: T): T {
  try {
    return read();
  } catch (error) {
    console.error('[trove] a page could not be read:', error);
    return otherwise;
  }
}

/** Checks one gem, unless its site was called too recently (then it waits a minute, keeping its place). */
async function checkOne(parts: LinkWorkerParts, gem: Claimed): Promise<boolean> {
  const { db, pace, fetcher, settings } = parts;
  if (gem.trashed) {
    await putBack(db, gem.gemId, `${settings.recheckDays} days`, { answerRequest: true });
    return false;
  }
  const host = hostOf(gem.url);
  if (host && !pace.ready(host)) {
    await putBack(db, gem.gemId, '1 minute');
    return false;
  }
  pace.took(host);
  const verdict = await checkLink(fetcher, gem.url, gem.fillPage);
  if (verdict.hostTrouble) {
    const retry = verdict.result.ok ? retryAfterSeconds(verdict.result.headers.get('retry-after')) : undefined;
    pace.backOff(host, retry);
  } else pace.fine(host);
  const html = pageOf(gem, verdict.result);
  const fill = html === null ? {} : safely(() => pageFill(gem, html, verdict.result.url), {});
  await recordCheck(db, gem, verdict, settings.recheckDays, fill);
  return true;
}

/**
 * One tick: new gems given a row, then up to the tick's share of `perMinute` due gems checked, PARALLEL at a time.
 * True when it checked some and asked-for checks or fills may remain (the worker goes on at once).
 */
export async function workOneLinkBatch(parts: LinkWorkerParts): Promise<boolean> {
  const { db, settings } = parts;
  parts.seededTo = await seedNewGems(db, parts.seededTo, SEED_CHUNKS);
  const count = Math.max(1, Math.round((settings.perMinute * settings.tickMs) / 60_000));
  const claimed = await claim(db, count);
  let checked = 0;
  for (let i = 0; i < claimed.length; i += PARALLEL) {
    const done = await Promise.all(claimed.slice(i, i + PARALLEL).map((gem) => checkOne(parts, gem)));
    checked += done.filter(Boolean).length;
  }
  return checked > 0 && claimed.length === count && claimed.some((gem) => gem.requested || gem.fillPage);
}

const workers = workerSet();

/** Wakes this process's link workers at once ("Check now", or an import finished). */
export const kickLinkWorkers = () => workers.kickAll();

/** The periodic check, or nothing when it is off (perMinute 0). */
export function startLinkWorker(db: Db, settings: LinkCheckSettings): BatchWorker | null {
  if (settings.perMinute <= 0) return null;
  const fetcher = makePageFetcher(settings.fetch);
  const parts: LinkWorkerParts = {
    db,
    settings,
    pace: new HostPace(settings.hostIntervalMs, settings.maxBackoffMs),
    fetcher,
    seededTo: 0,
  };
  const worker = workers.start(
    () =>
      workOneLinkBatch(parts).catch((error: unknown) => {
        console.error('[trove] a link check failed:', error);
        return false;
      }),
    settings.tickMs,
  );
  return {
    kick: worker.kick,
    stop: async () => {
      await worker.stop();
      await fetcher.close();
    },
  };
}
