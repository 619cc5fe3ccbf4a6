import type { AccessSource } from '@/lib/chat/panel-transport';
import { type EarlyAnswers, firstTargets } from '@/lib/library/early-answers';
import { viewPrefsItem } from '@/lib/library/prefs';
import { ALL_GEMS, sourceKey } from '@/lib/library/sources';
import { readViewPrefs } from '@/lib/library/view-prefs';
import type { BackgroundClient } from '@/lib/messaging/protocol';
import { lentAccessFrom } from '../app/lent-access';

export interface EarlyLibrary extends EarlyAnswers {
  access: AccessSource;
  session: ReturnType<BackgroundClient['getSession']>;
}

/**
 * Started by library.html's first script, before React, the API's contract (zod) and the page's code load: the
 * session, the lent token and, as soon as the token and the stored order are read, the first screen's requests.
 * The page's API client takes each answer once (lib/library/early-answers.ts). bench/library-bench.ts measures it.
 */
export function startLibraryRequests(background: BackgroundClient): EarlyLibrary {
  const access = lentAccessFrom(background);
  const session = background.getSession();
  const started = new Map<string, Promise<Response>>();
  const ready = Promise.all([access(false), viewPrefsItem.getValue()])
    .then(([{ serverUrl, token }, prefs]) => {
      performance.mark('trove-library-token');
      for (const target of firstTargets(readViewPrefs(prefs, sourceKey(ALL_GEMS)).sort))
        started.set(target, fetch(`${serverUrl}/${target}`, { headers: { Authorization: `Bearer ${token}` } }));
    })
    .catch(() => undefined);
  return {
    access,
    session,
    take: async (target) => {
      await ready;
      const answer = started.get(target);
      started.delete(target);
      return answer;
    },
  };
}
