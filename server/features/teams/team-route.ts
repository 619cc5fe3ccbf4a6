import type { AiModelRow } from '../../db/types';
import { allowanceSpentMessage, holdMicros } from './allowance';
import { keyUnusableReason, type TeamKeyFacts } from './team-keys';

/**
 * Which shared key serves a member for a model, or why none does. The candidates are the keys of the model's provider
 * shared with the member's teams that they did not stop using, the one they made their default first, then the oldest;
 * the first with nothing against it serves. Otherwise the first one's reason is the model's Inactive reason: team
 * settings off, key removed, model not allowed, allowance spent (what is left does not cover an answer's hold). A
 * shared custom endpoint serves its own models the same way.
 */
export interface TeamRoute {
  key: TeamKeyFacts | null;
  reason: string | null;
  /** The member made this provider's shared key their default: it is used before their own key. */
  preferred: boolean;
}

const reasonFor = (key: TeamKeyFacts, model: AiModelRow): string | null => {
  const unusable = keyUnusableReason(key);
  // What a member reads on a model of an endpoint its sharer removed, in the list and when a chat sends to it.
  if (unusable && key.settingsEnabled && key.kind === 'endpoint' && key.endpoint === null)
    return `${model.displayName} is no longer available: ${unusable.charAt(0).toLowerCase()}${unusable.slice(1)}`;
  if (unusable) return unusable;
  if (!key.modelIds.includes(model.id))
    return `${model.displayName} is not allowed with the team ${key.teamName}'s ${key.kind === 'endpoint' ? 'endpoint' : 'key'}`;
  if (key.usedMicros + holdMicros(model) > key.allowanceMicros) return allowanceSpentMessage(key.teamName);
  return null;
};

/** A key serves a catalogue model of its provider, or a model of its (shared, perhaps since removed) endpoint. */
const serves = (key: TeamKeyFacts, model: AiModelRow) =>
  model.endpointId === null
    ? key.kind === 'provider' && key.provider === model.provider
    : key.kind === 'endpoint' && key.endpointId === model.endpointId;

/**
 * `userId`'s route for `model`: none for house models and the user's own endpoints' models. A shared endpoint's model
 * is visible to members only while its key is shared (ai-models.ts), so it has a candidate then.
 */
export function teamRouteFor(keys: readonly TeamKeyFacts[], model: AiModelRow, userId: number): TeamRoute {
  if (model.isHouseModel || model.ownerId === userId) return { key: null, reason: null, preferred: false };
  const candidates = keys
    .filter((key) => serves(key, model) && key.choice !== 'removed')
    .sort((a, b) => Number(b.choice === 'default') - Number(a.choice === 'default') || a.id - b.id);
  const usable = candidates.find((key) => reasonFor(key, model) === null);
  if (usable) return { key: usable, reason: null, preferred: usable.choice === 'default' };
  const [first] = candidates;
  return { key: null, reason: first ? reasonFor(first, model) : null, preferred: false };
}
