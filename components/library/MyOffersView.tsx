import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Skeleton } from '../ui/Skeleton';
import { useLibraryApi } from './library-api-context';
import { OfferItem } from './OfferItem';
import { OffersDialog } from './OffersDialog';
import { myOffersQuery } from './queries';

/**
 * Your offers: the gems you offered to public collections, newest first, each with what the owner decided; and
 * Offers to review…, the pending offers of every collection you moderate.
 */
export function MyOffersView() {
  const api = useLibraryApi();
  const offers = useQuery(myOffersQuery(api));
  const [reviewing, setReviewing] = useState(false);
  return (
    <section className="library-results library-offers" aria-labelledby="library-results-heading">
      <div className="library-results-header">
        <h2 id="library-results-heading">Your offers</h2>
        <Button size="sm" onClick={() => setReviewing(true)}>
          Offers to review…
        </Button>
      </div>
      {reviewing && <OffersDialog collectionId={null} title="Offers to review" onClose={() => setReviewing(false)} />}
      {offers.isPending && <Skeleton height={96} shape="block" />}
      {offers.isError && (
        <ErrorMessage onRetry={() => void offers.refetch()} retrying={offers.isFetching}>
          {errorMessage(offers.error)}
        </ErrorMessage>
      )}
      {offers.data?.total === 0 && (
        <EmptyState title="No offers yet">
          A gem's Share menu offers it to someone's public collection; what they decide shows here.
        </EmptyState>
      )}
      {offers.data && offers.data.total > 0 && (
        <ul className="offer-list" aria-label="Your offers">
          {offers.data.data.map((offer) => (
            <OfferItem key={offer.id} offer={offer} side="offerer" />
          ))}
        </ul>
      )}
    </section>
  );
}
