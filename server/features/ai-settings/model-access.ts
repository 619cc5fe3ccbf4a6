import { keyFieldNames, PROVIDERS, type ProviderName } from '../../ai/catalogue';
import type { ProviderAccess } from '../../ai/providers';
import type { Db } from '../../db/client';
import type { AiModelRow, SettingsRow } from '../../db/types';
import type { Deps } from '../../http/env';
import { ApiError, fieldError } from '../../http/errors';
import { getActiveModel, removedSharedModel } from './ai-models';
import {
  assertUsable,
  decryptField,
  getSettingsRow,
  NO_TEAM,
  providerState,
  teamRouteOf,
  throughTeam,
} from './ai-settings';
import { connectionOf, endpointOfModel } from './custom-endpoints';

type Ai = Deps['ai'];

/**
 * The model (active, by id) and how to call it for this user, or the refusal as a 400 naming
 * `modelId` (the spec's `Please add your {provider} API Key in settings to use this model` when the key is missing).
 */
export async function modelAccess(
  db: Db,
  ai: Ai,
  userId: number,
  modelId: number,
  /** The user's settings row, when the caller has it already. */
  settings?: SettingsRow,
  /**
   * The caller charges answers through a team's shared key to the member's allowance (chat answers do): only then may
   * the model be reached through one.
   */
  options: { team?: boolean } = {},
): Promise<{ model: AiModelRow; access: ProviderAccess; team?: { teamId: number; teamName: string } }> {
  const [row, model] = await Promise.all([
    settings ?? getSettingsRow(db, ai, userId),
    getActiveModel(db, userId, modelId).catch(async (error: unknown) => {
      // A model of a team's endpoint its sharer removed: refused below, saying so (its team's reason).
      if (!(error instanceof ApiError && error.status === 404)) throw error;
      return (await removedSharedModel(db, userId, modelId)) ?? Promise.reject(error);
    }),
  ]);
  const team = options.team || !model.isActive ? await teamRouteOf(db, ai, userId, model) : NO_TEAM;
  assertUsable(ai, row, model, 'modelId', team);
  if (team.key && throughTeam(ai, row, model, team)) {
    const through = { teamId: team.key.teamId, teamName: team.key.teamName };
    // The sharer's key or endpoint: its failures reach the member without its words (server/ai/provider-errors.ts).
    const onBehalf = `Ask ${team.key.sharedBy.username}, who shared it with the team ${team.key.teamName}, to check it.`;
    if (team.key.endpoint) {
      // A team member's endpoint: called as its owner calls it; its address and key stay on the server.
      const { connection } = team.key.endpoint;
      return {
        model,
        access: { ...connection, name: model.provider, custom: true, fetch: ai.outbound.userFetch, onBehalf },
        team: through,
      };
    }
    const { kind } = PROVIDERS[model.provider as ProviderName];
    if (kind === 'house') throw new Error('a house provider has no team key');
    return {
      model,
      access: {
        kind,
        name: model.provider,
        apiKey: team.key.apiKey ?? undefined,
        baseUrl: team.key.baseUrl ?? undefined,
        fetch: team.key.baseUrl !== null ? ai.outbound.userFetch : ai.outbound.plainFetch,
        onBehalf,
      },
      team: through,
    };
  }
  if (model.endpointId !== null) {
    const endpoint = connectionOf(ai, await endpointOfModel(db, model));
    return {
      model,
      access: {
        kind: endpoint.kind,
        name: model.provider,
        apiKey: endpoint.apiKey,
        baseUrl: endpoint.baseUrl,
        custom: true,
        fetch: ai.outbound.userFetch,
      },
    };
  }
  const name = model.provider as ProviderName;
  if (model.isHouseModel) {
    if (!ai.house) {
      const message = `${model.displayName} is not available on this server`;
      throw fieldError(400, 'modelId', message, message);
    }
    return {
      model,
      access: {
        kind: ai.house.provider,
        name: model.provider,
        apiKey: ai.house.apiKey,
        baseUrl: ai.house.baseUrl,
        house: true,
        fetch: ai.outbound.plainFetch,
      },
    };
  }
  if (PROVIDERS[name].kind === 'house') {
    const message = `${model.displayName} cannot be used`;
    throw fieldError(400, 'modelId', message, message);
  }
  return { model, access: builtInAccess(ai, row, name) };
}

/**
 * How to call a built-in provider (not the house one) with the user's key and base URL; a provider the user switched
 * off is a 400 naming `field`. Also what embeddings are made with (features/embeddings/embedding-model.ts).
 */
export function builtInAccess(ai: Ai, row: SettingsRow, name: ProviderName, field = 'modelId'): ProviderAccess {
  const { kind } = PROVIDERS[name];
  if (kind === 'house') throw new Error('the house provider has no access of its own');
  const state = providerState(ai, row, name);
  if (!state.enabled) throw fieldError(400, field, `${name} is turned off in your AI settings`);
  return {
    kind,
    name,
    apiKey: decryptField(ai, row, keyFieldNames(name).apiKey),
    baseUrl: state.baseUrl ?? undefined,
    // A base URL the user set, or Ollama's default on this machine, is an address they chose.
    fetch: state.baseUrl !== null || kind === 'ollama' ? ai.outbound.userFetch : ai.outbound.plainFetch,
  };
}
