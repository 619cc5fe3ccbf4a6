import { Hono } from 'hono';
import {
  aiModelsQuery,
  changeModelStatusBody,
  changeProviderStatusBody,
  selectModelBody,
  setProviderKeyBody,
  updateAiSettingsBody,
} from '../../../lib/api/ai-contract';
import type { AppEnv, Deps } from '../../http/env';
import { jsonBody, pathText, query } from '../../http/validate';
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
  return new Hono<AppEnv>()
    .get('/ai-models', async (c) => {
      const q = query(c, aiModelsQuery);
      const { rows, total } = await listActiveModels(db, c.get('userId'), q);
      return c.json({ data: rows.map(toAiModel), total, page: q.page, pageSize: q.pageSize });
    })
    .get('/user-models', async (c) => {
      const data = await listUserModels(db, ai, c.get('userId'));
      return c.json({ data, total: data.length });
    })
    .get('/ai-settings', async (c) => c.json({ data: toAiSettings(ai, await getSettingsRow(db, ai, c.get('userId'))) }))
    .put('/ai-settings', async (c) => {
      const input = await jsonBody(c, updateAiSettingsBody);
      return c.json({ data: toAiSettings(ai, await updateAiSettings(db, ai, c.get('userId'), input)) });
    })
    .post('/ai-settings/select-model', async (c) => {
      const { modelId, kind } = await jsonBody(c, selectModelBody);
      return c.json({ data: toAiSettings(ai, await selectModel(db, ai, c.get('userId'), modelId, kind)) });
    })
    .put('/ai-settings/keys/:provider', async (c) => {
      const provider = resolveProvider(pathText(c, 'provider'), 'provider');
      const input = await jsonBody(c, setProviderKeyBody);
      return c.json({ data: toAiSettings(ai, await setProviderKey(db, ai, c.get('userId'), provider, input)) });
    })
    .delete('/ai-settings/keys/:provider', async (c) => {
      const provider = resolveProvider(pathText(c, 'provider'), 'provider');
      return c.json({ data: toAiSettings(ai, await removeProviderKey(db, ai, c.get('userId'), provider)) });
    })
    .post('/change-provider-status', async (c) => {
      const body = await jsonBody(c, changeProviderStatusBody);
      const provider = resolveProvider(body.provider, 'provider');
      return c.json({
        data: toAiSettings(ai, await setProviderStatus(db, ai, c.get('userId'), provider, body.enabled)),
      });
    })
    .post('/change-model-status', async (c) => {
      const { modelId, enabled } = await jsonBody(c, changeModelStatusBody);
      return c.json({ data: toAiSettings(ai, await setModelStatus(db, ai, c.get('userId'), modelId, enabled)) });
    });
}
