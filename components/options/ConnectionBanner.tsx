import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useBackground } from '../app/background-context';
import { serverCheckQuery } from '../app/queries';
import { ErrorMessage } from '../ui/ErrorMessage';

const RECHECK_MS = 30_000;

/**
 * The one place the options page says the server cannot be reached (sections stay quiet about it).
 * When it answers again, everything the page shows is fetched anew.
 */
export function ConnectionBanner({ serverUrl }: { serverUrl: string }) {
  const background = useBackground();
  const queryClient = useQueryClient();
  const check = useQuery({ ...serverCheckQuery(background, serverUrl), refetchInterval: RECHECK_MS });
  if (!check.isError) return null;
  const retry = async () => {
    const result = await check.refetch();
    if (result.isSuccess) await queryClient.invalidateQueries();
  };
  return (
    <ErrorMessage retryLabel="Try again" retrying={check.isFetching} onRetry={() => void retry()}>
      {errorMessage(check.error)}
    </ErrorMessage>
  );
}
