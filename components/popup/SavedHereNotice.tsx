import type { Collection, GemSummary } from '@/lib/api/contract';
import type { SharedItem } from '@/lib/api/sharing-contract';
import { dayOf } from '@/lib/day';
import { Alert } from '../ui/Alert';
import { collectionLabel } from './collection-tree';

interface Props {
  existing: GemSummary | undefined;
  collections: Collection[];
  sharedCollections: SharedItem[];
  /** The look-up could not reach the server: whether the page is saved already is unknown. */
  lookupOffline: boolean;
}

/**
 * Whether the page is in the user's Trove already (their own gem, or one they added to a collection shared with
 * them), said beside the actions it changes. The answer can arrive after the form is shown: down here it adds to the
 * bottom of the popup instead of pushing the form down under the pointer.
 */
export function SavedHereNotice({ existing, collections, sharedCollections, lookupOffline }: Props) {
  if (existing) {
    const where = collectionLabel(existing.collectionId, collections, sharedCollections);
    if (existing.sharedAccess) {
      const owner = existing.author.username;
      return (
        <Alert tone="info">
          Added by you to <strong>{where ?? `a collection of ${owner}'s`}</strong> on {dayOf(existing.createdAt)}.
          Changes update that gem; its collection and tags are {owner}'s.
        </Alert>
      );
    }
    return (
      <Alert tone="info">
        Already saved in <strong>{where ?? 'a collection'}</strong> on {dayOf(existing.createdAt)}. Changes update that
        gem.
      </Alert>
    );
  }
  if (lookupOffline) {
    return (
      <Alert tone="info">The server can't be reached: Trove could not check whether this page is already saved.</Alert>
    );
  }
  return null;
}
