import { sql } from 'drizzle-orm';
import type { TeamKey } from '../../../lib/api/teams-contract';
import { keyFieldNames, PROVIDER_NAMES, PROVIDERS, type ProviderName, providerBySlug } from '../../ai/catalogue';
import { decryptSecret, keyContext, maskKey } from '../../ai/crypto';
import type { EndpointConnection } from '../../ai/discovery';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import type { Deps } from '../../http/env';
import { ApiError, fieldError, notFound } from '../../http/errors';
import { connectionOf, getOwnedEndpoint } from '../ai-settings/custom-endpoints';
import { currentMonth } from './allowance';
import { adminOf, memberOf } from './teams';

/**
 * Keys shared with teams. A row names the sharer's key (their provider key, which stays encrypted in their AI settings
 * and is decrypted only to call the provider; or one of their custom endpoints, whose address and key stay in
 * `custom_endpoints`); nothing here returns more of a key than its mask, nor an endpoint's address or key at all. Admins
 * choose the models members may use through it; each member may make a provider's key their default or stop using it.
 */

type Ai = Deps['ai'];
type Raw = Record<string, unknown>;

/** What deciding whether a shared key serves a member needs (server/features/ai-settings reads it per model). */
export interface TeamKeyFacts {
  id: number;
  teamId: number;
  teamName: string;
  settingsEnabled: boolean;
  sharedBy: { id: number; username: string };
  kind: 'provider' | 'endpoint';
  /** The built-in provider's name, or the shared endpoint's (its models' provider). */
  provider: ProviderName | string;
  /** The sharer's key, decrypted (null: removed, or no longer readable), and their base URL for the provider. */
  apiKey: string | null;
  baseUrl: string | null;
  /** A shared endpoint's id and how to call it (null once its sharer removed it); null for a provider's key. */
  endpoint: { id: number; connection: EndpointConnection } | null;
  /** The shared endpoint's id, kept once its sharer removed it (its models are still the key's, Inactive). */
  endpointId: number | null;
  modelIds: number[];
  choice: 'default' | 'removed' | null;
  /** The member's allowance this month and what they spent and hold of it, in micro-dollars. */
  allowanceMicros: number;
  usedMicros: number;
  createdAt: string;
}

const sharerKey = (ai: Ai, sharerId: number, provider: ProviderName, keys: Record<string, string> | null) => {
  const field = keyFieldNames(provider).apiKey;
  const stored = keys?.[field];
  if (!stored) return null;
  try {
    return decryptSecret(ai.secret, stored, keyContext(sharerId, field));
  } catch {
    return null;
  }
};

/** The shared keys reaching the user (of every team they are in), oldest first; `teamId` narrows to one team. */
export async function teamKeysFor(db: Db, ai: Ai, userId: number, teamId?: number): Promise<TeamKeyFacts[]> {
  const month = currentMonth();
  const rows = await selectRows<Raw>(
    db,
    sql`SELECT tk.id, tk.team_id, tm.name AS team_name, tm.settings_enabled, tk.shared_by, u.username, tk.provider,
        tk.kind, tk.created_at, us.keys, us.base_urls, ch.choice, tk.endpoint_id AS key_endpoint_id,
        ce.id AS endpoint_id, ce.kind AS endpoint_kind, ce.base_url AS endpoint_url, ce.api_key AS endpoint_key,
        ARRAY(SELECT m.model_id FROM team_key_models m WHERE m.team_key_id = tk.id ORDER BY m.model_id) AS model_ids,
        coalesce((SELECT a.monthly_micros FROM team_allowances a WHERE a.team_id = tk.team_id AND a.user_id = ${userId}),
          tm.default_allowance_micros) AS allowance,
        coalesce(sp.spent_micros + sp.held_micros, 0) AS used
      FROM team_keys tk JOIN teams tm ON tm.id = tk.team_id JOIN users u ON u.id = tk.shared_by
      LEFT JOIN user_ai_settings us ON us.user_id = tk.shared_by
      LEFT JOIN custom_endpoints ce ON ce.id = tk.endpoint_id AND ce.user_id = tk.shared_by AND ce.removed_at IS NULL
      LEFT JOIN team_key_choices ch ON ch.team_key_id = tk.id AND ch.user_id = ${userId}
      LEFT JOIN team_spend sp ON sp.team_id = tk.team_id AND sp.user_id = ${userId} AND sp.month = ${month}
      WHERE tk.team_id IN (SELECT trove_user_teams(${userId}))
        AND tk.team_id IN (SELECT trove_user_teams(tk.shared_by))
        ${teamId === undefined ? sql`` : sql`AND tk.team_id = ${teamId}`}
      ORDER BY tk.id`,
  );
  return rows.map((raw) => {
    const kind = raw.kind as TeamKeyFacts['kind'];
    const sharedBy = Number(raw.shared_by);
    const baseUrls = (raw.base_urls as Record<string, string> | null) ?? {};
    const base = {
      id: Number(raw.id),
      teamId: Number(raw.team_id),
      teamName: String(raw.team_name),
      settingsEnabled: Boolean(raw.settings_enabled),
      sharedBy: { id: sharedBy, username: String(raw.username) },
      modelIds: ((raw.model_ids as unknown[] | null) ?? []).map(Number),
      choice: (raw.choice as TeamKeyFacts['choice']) ?? null,
      allowanceMicros: Number(raw.allowance),
      usedMicros: Number(raw.used),
      createdAt: new Date(String(raw.created_at)).toISOString(),
      endpointId: raw.key_endpoint_id === null ? null : Number(raw.key_endpoint_id),
    };
    if (kind === 'endpoint') {
      const endpointId = raw.endpoint_id === null ? null : Number(raw.endpoint_id);
      const connection =
        endpointId === null
          ? null
          : connectionOf(ai, {
              id: endpointId,
              userId: sharedBy,
              kind: raw.endpoint_kind as EndpointConnection['kind'],
              baseUrl: String(raw.endpoint_url),
              apiKey: raw.endpoint_key as string | null,
            });
      return {
        ...base,
        kind,
        provider: String(raw.provider),
        apiKey: connection?.apiKey ?? null,
        baseUrl: connection?.baseUrl ?? null,
        endpoint: endpointId === null || !connection ? null : { id: endpointId, connection },
      };
    }
    const provider = raw.provider as ProviderName;
    return {
      ...base,
      kind,
      provider,
      apiKey: sharerKey(ai, sharedBy, provider, raw.keys as Record<string, string> | null),
      baseUrl: baseUrls[PROVIDERS[provider]?.slug ?? ''] ?? null,
      endpoint: null,
    };
  });
}

/** Why the key serves no one (its model aside), or null. */
export function keyUnusableReason(key: TeamKeyFacts): string | null {
  // An endpoint its sharer removed is gone for good: that comes before the team's settings, which may come back.
  if (key.kind === 'endpoint' && key.endpoint === null)
    return `The endpoint ${key.provider} shared with the team ${key.teamName} was removed`;
  if (!key.settingsEnabled) return `Team settings are off in the team ${key.teamName}`;
  if (key.kind === 'endpoint') return null;
  if (key.apiKey === null) return `The ${key.provider} key shared with the team ${key.teamName} was removed`;
  return null;
}

async function modelsOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return selectRows<{ id: number; display_name: string; model: string }>(
    db,
    sql`SELECT id, display_name, model FROM ai_models WHERE id = ANY(${`{${ids.join(',')}}`}::integer[])
      ORDER BY lower(display_name) collate "C", id`,
  );
}

export async function toTeamKey(db: Db, key: TeamKeyFacts): Promise<TeamKey> {
  const models = await modelsOf(db, key.modelIds);
  return {
    id: key.id,
    team: { id: key.teamId, name: key.teamName },
    sharedBy: key.sharedBy,
    kind: key.kind,
    provider: key.provider,
    keyMask: key.kind === 'endpoint' || key.apiKey === null ? null : maskKey(key.apiKey),
    unusableReason: keyUnusableReason(key),
    models: models.map((m) => ({ id: Number(m.id), displayName: m.display_name, model: m.model })),
    choice: key.choice,
    createdAt: key.createdAt,
  };
}

/** `get-shared-team-settings`: the keys shared with the user's teams (`teamId`: one of them). */
export async function sharedTeamKeys(db: Db, ai: Ai, userId: number, teamId?: number): Promise<TeamKey[]> {
  if (teamId !== undefined) await memberOf(db, userId, teamId);
  const keys = await teamKeysFor(db, ai, userId, teamId);
  return Promise.all(keys.map((key) => toTeamKey(db, key)));
}

/** `get-shared-by-settings`: the keys the user shared. */
export async function keysSharedBy(db: Db, ai: Ai, userId: number): Promise<TeamKey[]> {
  const keys = (await teamKeysFor(db, ai, userId)).filter((key) => key.sharedBy.id === userId);
  return Promise.all(keys.map((key) => toTeamKey(db, key)));
}

/** Whose models a shared key may serve: a built-in provider's catalogue models, or one endpoint's. */
type ModelScope = { provider: string } | { endpointId: number; name: string };

/** The models of `ids` that the key may serve (a 400 naming `field` for any other). */
async function checkModels(db: Db, scope: ModelScope, ids: number[], field: string) {
  if (!ids.length) return;
  const found = await selectRows<{ id: number }>(
    db,
    sql`SELECT id FROM ai_models WHERE id = ANY(${`{${ids.join(',')}}`}::integer[]) AND ${
      'provider' in scope
        ? sql`provider = ${scope.provider} AND endpoint_id IS NULL AND NOT is_house_model`
        : sql`endpoint_id = ${scope.endpointId}`
    }`,
  );
  const known = new Set(found.map((row) => Number(row.id)));
  const unknown = ids.filter((id) => !known.has(id));
  const of = 'provider' in scope ? scope.provider : scope.name;
  if (unknown.length) throw fieldError(400, field, `Not a model of ${of}: ${unknown.join(', ')}`);
}

/**
 * `share-key-with-team`: a member shares their own key of a provider, or one of their endpoints, with a team. The key
 * must be theirs and readable (the endpoint theirs); sharing it again with the same team changes nothing (the same row
 * answers). `modelIds` are allowed at once when the sharer is an admin (a member's choice waits for an admin).
 */
export async function shareKey(
  db: Db,
  ai: Ai,
  userId: number,
  input: { teamId: number; provider?: ProviderName; endpointId?: number; modelIds?: number[] },
): Promise<TeamKey> {
  const role = await memberOf(db, userId, input.teamId);
  const modelIds = [...new Set(input.modelIds ?? [])];
  const id =
    input.endpointId !== undefined
      ? await shareEndpointRow(db, userId, input.teamId, input.endpointId, modelIds)
      : await shareProviderRow(db, ai, userId, input.teamId, input.provider ?? 'OpenAI', modelIds);
  if (modelIds.length && role !== 'member')
    await db.execute(sql`INSERT INTO team_key_models (team_key_id, model_id)
      SELECT ${id}, unnest(${`{${modelIds.join(',')}}`}::integer[]) ON CONFLICT DO NOTHING`);
  const key = (await teamKeysFor(db, ai, userId, input.teamId)).find((k) => k.id === id);
  if (!key) throw notFound('Shared key');
  return toTeamKey(db, key);
}

async function shareProviderRow(
  db: Db,
  ai: Ai,
  userId: number,
  teamId: number,
  provider: ProviderName,
  modelIds: number[],
): Promise<number> {
  if (!PROVIDERS[provider].keyRequired)
    throw fieldError(400, 'data.provider', `${provider} has no key to share (its models need no key or credits)`);
  const [settings] = await selectRows<{ keys: Record<string, string> }>(
    db,
    sql`SELECT keys FROM user_ai_settings WHERE user_id = ${userId}`,
  );
  if (sharerKey(ai, userId, provider, settings?.keys ?? null) === null)
    throw fieldError(400, 'data.provider', `Add your ${provider} API key in your AI settings before sharing it`);
  await checkModels(db, { provider }, modelIds, 'data.modelIds');
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO team_keys (team_id, shared_by, provider, kind) VALUES (${teamId}, ${userId}, ${provider}, 'provider')
      ON CONFLICT (team_id, shared_by, provider) WHERE kind = 'provider' DO UPDATE SET provider = excluded.provider
      RETURNING id`,
  );
  if (!row) throw new Error('team key insert returned no row');
  return Number(row.id);
}

/** The endpoint's row keeps its name, so that once the sharer removes the endpoint, members are told which one went. */
async function shareEndpointRow(
  db: Db,
  userId: number,
  teamId: number,
  endpointId: number,
  modelIds: number[],
): Promise<number> {
  const endpoint = await getOwnedEndpoint(db, userId, endpointId).catch(() => {
    throw fieldError(404, 'data.endpointId', 'You have no such endpoint');
  });
  await checkModels(db, { endpointId, name: endpoint.name }, modelIds, 'data.modelIds');
  const [row] = await selectRows<{ id: number }>(
    db,
    sql`INSERT INTO team_keys (team_id, shared_by, provider, endpoint_id, kind)
      VALUES (${teamId}, ${userId}, ${endpoint.name}, ${endpointId}, 'endpoint')
      ON CONFLICT (team_id, endpoint_id) WHERE kind = 'endpoint' DO UPDATE SET provider = excluded.provider
      RETURNING id`,
  );
  if (!row) throw new Error('team key insert returned no row');
  return Number(row.id);
}

/** A shared key of a team the user is in, with that team's id and the user's role there; else a 404. */
async function keyInTeam(db: Db, userId: number, keyId: number) {
  const [row] = await selectRows<{ team_id: number; shared_by: number; provider: string; endpoint_id: number | null }>(
    db,
    sql`SELECT team_id, shared_by, provider, endpoint_id FROM team_keys WHERE id = ${keyId}
      AND team_id IN (SELECT trove_user_teams(${userId}))`,
  );
  if (!row) throw notFound('Shared key');
  const endpointId = row.endpoint_id === null ? null : Number(row.endpoint_id);
  return { teamId: Number(row.team_id), sharedBy: Number(row.shared_by), provider: row.provider, endpointId };
}

/**
 * `delete-team-shared-settings`: stops sharing — one key (`settingId`) or every key the user shared with the team.
 * The sharer removes their own keys; the team's owner and admins remove any.
 */
export async function unshareKeys(db: Db, userId: number, teamId: number, keyId?: number) {
  const role = await memberOf(db, userId, teamId);
  if (keyId !== undefined) {
    const key = await keyInTeam(db, userId, keyId);
    if (key.teamId !== teamId) throw notFound('Shared key');
    if (key.sharedBy !== userId && role === 'member')
      throw new ApiError(403, "Only the key's sharer and the team's admins stop sharing it");
    await db.execute(sql`DELETE FROM team_keys WHERE id = ${keyId}`);
    return { removed: [keyId] };
  }
  const rows = await selectRows<{ id: number }>(
    db,
    sql`DELETE FROM team_keys WHERE team_id = ${teamId} AND shared_by = ${userId} RETURNING id`,
  );
  return { removed: rows.map((row) => Number(row.id)) };
}

/** Allows (`add`) or disallows a model through a shared key: the team's owner and admins. */
export async function setKeyModel(db: Db, ai: Ai, userId: number, keyId: number, modelId: number, add: boolean) {
  const key = await keyInTeam(db, userId, keyId);
  await adminOf(db, userId, key.teamId);
  if (add) {
    const scope =
      key.endpointId === null ? { provider: key.provider } : { endpointId: key.endpointId, name: key.provider };
    await checkModels(db, scope, [modelId], 'data.modelId');
    await db.execute(sql`INSERT INTO team_key_models (team_key_id, model_id) VALUES (${keyId}, ${modelId})
      ON CONFLICT DO NOTHING`);
  } else await db.execute(sql`DELETE FROM team_key_models WHERE team_key_id = ${keyId} AND model_id = ${modelId}`);
  const facts = (await teamKeysFor(db, ai, userId, key.teamId)).find((k) => k.id === keyId);
  if (!facts) throw notFound('Shared key');
  return toTeamKey(db, facts);
}

/**
 * `set-shared-api-key-as-default` / `remove-shared-api-key`: the member's choice for a shared key (`keyId`, or the
 * first shared key reaching them) of `type`: a built-in provider, or a shared endpoint by its name. A default is the
 * only one of its provider (or endpoint name).
 */
export async function chooseKey(
  db: Db,
  ai: Ai,
  userId: number,
  type: string,
  choice: 'default' | 'removed',
  keyId?: number,
): Promise<TeamKey> {
  const reaching = await teamKeysFor(db, ai, userId);
  const named = type.toLowerCase();
  const endpointKeys = reaching.filter((k) => k.kind === 'endpoint' && k.provider.toLowerCase() === named);
  // Not a shared endpoint's name (never a built-in provider's): a provider by name or slug, else a 400.
  const provider = endpointKeys.length
    ? null
    : (PROVIDER_NAMES.find((name) => name.toLowerCase() === named) ?? providerBySlug(type));
  if (provider === undefined)
    throw fieldError(
      400,
      'data.type',
      `"${type}" is neither a provider (${PROVIDER_NAMES.join(', ')}) nor an endpoint shared with you`,
    );
  const keys =
    provider === null ? endpointKeys : reaching.filter((k) => k.kind === 'provider' && k.provider === provider);
  const key = keyId === undefined ? keys[0] : keys.find((k) => k.id === keyId);
  if (!key)
    throw fieldError(
      404,
      keyId === undefined ? 'data.type' : 'data.settingId',
      `No ${provider ?? type} key is shared with you`,
    );
  const sameName = key.provider;
  await db.transaction(async (tx) => {
    if (choice === 'default')
      await tx.execute(sql`DELETE FROM team_key_choices WHERE user_id = ${userId} AND choice = 'default'
        AND team_key_id IN (SELECT id FROM team_keys WHERE provider = ${sameName} AND kind = ${key.kind})`);
    await tx.execute(sql`INSERT INTO team_key_choices (user_id, team_key_id, choice) VALUES (${userId}, ${key.id}, ${choice})
      ON CONFLICT (user_id, team_key_id) DO UPDATE SET choice = excluded.choice`);
  });
  return toTeamKey(db, { ...key, choice });
}
