import type { Collection, GemSummary } from '@/lib/api/contract';
import { dayOf } from '@/lib/day';
import { Alert } from '../ui/Alert';

interface Props {
  existing: GemSummary | undefined;
  collections: Collection[];
  /** The look-up could not reach the server: whether the page is saved already is unknown. */
  lookupOffline: boolean;
}

/**
 * Whether the page is in the user's Trove already, said beside the actions it changes. The answer can
 * arrive after the form is shown: down here it adds to the bottom of the popup instead of pushing the
 * form down under the pointer.
 */
export function SavedHereNotice({ existing, collections, lookupOffline }: Props) {
  if (existing) {
    return (
      <Alert tone="info">
        Already saved in{' '}
        <strong>{collections.find((c) => c.id === existing.collectionId)?.name ?? 'a collection'}</strong> on{' '}
        {dayOf(existing.createdAt)}. Changes update that gem.
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
