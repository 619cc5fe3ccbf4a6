import { suggestionApi } from '../../../lib/api/routes/suggestions';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { getSuggestionSettings, updateSuggestionSettings } from './settings';
import { suggestGemTags } from './suggest-gem-tags';
import { suggestTags } from './suggest-tags';

/** Suggestions at save time (lib/api/routes/suggestions.ts), mounted at /api. */
export function suggestionRoutes({ db, ai }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(suggestionApi.tags, async (c, { body }) => ({
      status: 200,
      body: { data: await suggestTags(db, ai, c.get('userId'), body, c.req.raw.signal) },
    }))
    .implement(suggestionApi.gemTags, async (c, { body }) => ({
      status: 200,
      body: { data: await suggestGemTags(db, ai, c.get('userId'), body, c.req.raw.signal) },
    }))
    .implement(suggestionApi.settings, async (c) => ({
      status: 200,
      body: { data: await getSuggestionSettings(db, ai, c.get('userId')) },
    }))
    .implement(suggestionApi.updateSettings, async (c, { body }) => ({
      status: 200,
      body: { data: await updateSuggestionSettings(db, ai, c.get('userId'), body) },
    })).app;
}
