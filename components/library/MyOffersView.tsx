import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../app/background-context';
import { EmptyState } from '../ui/EmptyState';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Skeleton } from '../ui/Skeleton';
import { useLibraryApi } from './library-api-context';
import { OfferItem } from './OfferItem';
import { myOffersQuery } from './queries';

/** Your offers: the gems you offered to public collections, newest first, each with what the owner decided. */
export function MyOffersView() {
  const api = useLibraryApi();
  const offers = useQuery(myOffersQuery(api));
  return (
    <section className="library-results library-offers" aria-labelledby="library-results-heading">
      <div className="library-results-header">
        <h2 id="library-results-heading">Your offers</h2>
      </div>
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
