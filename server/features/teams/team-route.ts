import type { AiModelRow } from '../../db/types';
import { allowanceSpentMessage, holdMicros } from './allowance';
import { keyUnusableReason, type TeamKeyFacts } from './team-keys';

/**
 * Which shared key serves a member for a model, or why none does. The candidates are the keys of the model's provider
 * shared with the member's teams that they did not stop using, the one they made their default first, then the oldest;
 * the first with nothing against it serves. Otherwise the first one's reason is the model's Inactive reason: team
 * settings off, key removed, model not allowed, allowance spent (what is left does not cover an answer's hold). A
 * shared custom endpoint serves its own models the same way; once its sharer removed it, that is the reason, even to
 * a member who had stopped using it.
 */
export interface TeamRoute {
  key: TeamKeyFacts | null;
  reason: string | null;
  /** The member made this provider's shared key their default: it is used before their own key. */
  preferred: boolean;
}

/** A shared endpoint its sharer removed: gone for every member, whatever their team's settings or their own choice. */
const endpointRemoved = (key: TeamKeyFacts) => key.kind === 'endpoint' && key.endpoint === null;

const reasonFor = (key: TeamKeyFacts, model: AiModelRow): string | null => {
  // What a member reads on a model of an endpoint its sharer removed, in the list and when a chat sends to it.
  if (endpointRemoved(key))
    return `${model.displayName} is no longer available: the endpoint ${key.provider} shared with the team ${key.teamName} was removed`;
  const unusable = keyUnusableReason(key);
  if (unusable) return unusable;
  if (!key.modelIds.includes(model.id))
    return `${model.displayName} is not allowed with the team ${key.teamName}'s ${key.kind === 'endpoint' ? 'endpoint' : 'key'}`;
  if (key.usedMicros + holdMicros(model) > key.allowanceMicros) return allowanceSpentMessage(key.teamName);
  return null;
};

/**
 * Why a model of a shared endpoint has no route when the member stopped using every key serving it: its removal, or
 * their own choice. A catalogue model has none (the member's own key, or its absence, says the rest).
 */
const stoppedReason = (key: TeamKeyFacts, model: AiModelRow): string | null => {
  if (key.kind !== 'endpoint') return null;
  if (endpointRemoved(key)) return reasonFor(key, model);
  return `You stopped using the endpoint ${key.provider} shared with the team ${key.teamName}`;
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
  const serving = keys.filter((key) => serves(key, model));
  const candidates = serving
    .filter((key) => key.choice !== 'removed')
    .sort((a, b) => Number(b.choice === 'default') - Number(a.choice === 'default') || a.id - b.id);
  const usable = candidates.find((key) => reasonFor(key, model) === null);
  if (usable) return { key: usable, reason: null, preferred: usable.choice === 'default' };
  const [first] = candidates;
  if (first) return { key: null, reason: reasonFor(first, model), preferred: false };
  const [stopped] = serving;
  return { key: null, reason: stopped ? stoppedReason(stopped, model) : null, preferred: false };
}
