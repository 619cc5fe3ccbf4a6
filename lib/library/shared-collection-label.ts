import type { SharedItem } from '../api/sharing-contract';

/** A collection another user shared with this one, as the extension names it: "Field notes (ada's)", by its path. */
export const sharedCollectionLabel = (shared: Pick<SharedItem, 'path' | 'owner'>) =>
  `${shared.path.split('/').join(' / ')} (${shared.owner.username}'s)`;
