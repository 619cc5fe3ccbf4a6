import type { AiSettings } from '../../../lib/api/ai-contract';
import { aiSettingsApi } from '../../../lib/api/routes/ai-settings';
import type { SettingsRow } from '../../db/types';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { listActiveModels, toAiModel } from './ai-models';
import {
  getSettingsRow,
  listUserModels,
  resolveProvider,
  selectModel,
  toAiSettings,
  updateAiSettings,
} from './ai-settings';
import { removeProviderKey, setModelStatus, setProviderKey, setProviderStatus } from './provider-keys';

/**
 * The model catalogue and the user's AI settings. Keys go in through
 * `PUT /ai-settings/keys/{provider}` and never come out except masked (`••••1234`).
 */
export function aiRoutes({ db, ai }: Deps) {
  // `as`: the flat key fields (`openaiAPIKey`, …) are the schema's catchall, an index signature TypeScript will not
  // join with the named fields of another type.
  const settings = (row: SettingsRow) => ({
    status: 200 as const,
    body: { data: toAiSettings(ai, row) as AiSettings },
  });
  return contractRoutes<AppEnv>('/api')
    .implement(aiSettingsApi.models, async (c, { query: q }) => {
      const { rows, total } = await listActiveModels(db, c.get('userId'), q);
      return { status: 200, body: { data: rows.map(toAiModel), total, page: q.page, pageSize: q.pageSize } };
    })
    .implement(aiSettingsApi.userModels, async (c) => {
      const data = await listUserModels(db, ai, c.get('userId'));
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(aiSettingsApi.get, async (c) => settings(await getSettingsRow(db, ai, c.get('userId'))))
    .implement(aiSettingsApi.update, async (c, { body }) =>
      settings(await updateAiSettings(db, ai, c.get('userId'), body)),
    )
    .implement(aiSettingsApi.selectModel, async (c, { body: { modelId, kind } }) =>
      settings(await selectModel(db, ai, c.get('userId'), modelId, kind)),
    )
    .implement(aiSettingsApi.setKey, async (c, { params, body }) => {
      const provider = resolveProvider(params.provider, 'provider');
      return settings(await setProviderKey(db, ai, c.get('userId'), provider, body));
    })
    .implement(aiSettingsApi.removeKey, async (c, { params }) => {
      const provider = resolveProvider(params.provider, 'provider');
      return settings(await removeProviderKey(db, ai, c.get('userId'), provider));
    })
    .implement(aiSettingsApi.providerStatus, async (c, { body }) => {
      const provider = resolveProvider(body.provider, 'provider');
      return settings(await setProviderStatus(db, ai, c.get('userId'), provider, body.enabled));
    })
    .implement(aiSettingsApi.modelStatus, async (c, { body: { modelId, enabled } }) =>
      settings(await setModelStatus(db, ai, c.get('userId'), modelId, enabled)),
    ).app;
}
