import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@/lib/api/moderation-contract';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Spinner } from '../ui/Spinner';
import { Tabs } from '../ui/Tabs';
import { useLibraryApi } from './library-api-context';
import { OfferItem } from './OfferItem';
import { collectionOffersQuery, libraryKeys } from './queries';
import { useLibraryChanged } from './use-library-changes';

interface Props {
  /** The collection whose offers these are; null: the pending offers of every collection the user moderates. */
  collectionId: number | null;
  title: string;
  onClose: () => void;
}

/**
 * Offers…: what signed-in people offered to a public collection, for its owner and admins: the pending ones with
 * Approve (a copy lands in the collection) and Reject, and those decided. Without a collection, one inbox: what waits
 * in every collection the user moderates.
 */
export function OffersDialog({ collectionId, title, onClose }: Props) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={
        collectionId === null
          ? 'Gems others offered to the public collections you own or administer. Approving one copies it into its collection.'
          : 'Gems others offered to this public collection (turn offers on in Publish…). Approving one copies it into the collection as yours.'
      }
      className="offers-dialog"
    >
      {collectionId === null ? (
        <OfferList collectionId={null} which="pending" />
      ) : (
        <Tabs
          label="Offers"
          tabs={[
            { id: 'pending', label: 'Pending', content: <OfferList collectionId={collectionId} which="pending" /> },
            {
              id: 'processed',
              label: 'Processed',
              content: <OfferList collectionId={collectionId} which="processed" />,
            },
          ]}
        />
      )}
      <div className="dialog-actions">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Dialog>
  );
}

function OfferList({ collectionId, which }: { collectionId: number | null; which: 'pending' | 'processed' }) {
  const api = useLibraryApi();
  const client = useQueryClient();
  const changed = useLibraryChanged();
  const offers = useQuery(collectionOffersQuery(api, collectionId, which));
  const decide = useMutation({
    mutationFn: ({ offer, status }: { offer: Offer; status: 'approved' | 'rejected' }) =>
      api.moderation.decide(offer.collection.id, offer.gem.id, status),
    // an approval adds a gem to the collection: the whole library is fetched again
    onSuccess: (offer) =>
      offer.status === 'approved' ? changed() : client.invalidateQueries({ queryKey: libraryKeys.offersAll }),
  });
  if (offers.isPending) return <Spinner label="Loading the offers" />;
  if (offers.isError)
    return (
      <ErrorMessage onRetry={() => void offers.refetch()} retrying={offers.isFetching}>
        {errorMessage(offers.error)}
      </ErrorMessage>
    );
  if (offers.data.total === 0)
    return <p className="hint">{which === 'pending' ? 'Nothing waits for you.' : 'No offer decided yet.'}</p>;
  return (
    <>
      {decide.isError && <ErrorMessage title="Not done">{errorMessage(decide.error)}</ErrorMessage>}
      <ul className="offer-list" aria-label={which === 'pending' ? 'Pending offers' : 'Processed offers'}>
        {offers.data.data.map((offer) => (
          <OfferItem key={offer.id} offer={offer} side={collectionId === null ? 'inbox' : 'owner'}>
            {which === 'pending' ? (
              <span className="offer-item-actions">
                <Button
                  size="sm"
                  variant="primary"
                  disabled={decide.isPending}
                  aria-label={`Approve ${offer.gem.title}`}
                  onClick={() => decide.mutate({ offer, status: 'approved' })}
                >
                  Approve
                </Button>
                <Button
                  size="sm"
                  disabled={decide.isPending}
                  aria-label={`Reject ${offer.gem.title}`}
                  onClick={() => decide.mutate({ offer, status: 'rejected' })}
                >
                  Reject
                </Button>
              </span>
            ) : undefined}
          </OfferItem>
        ))}
      </ul>
    </>
  );
}
