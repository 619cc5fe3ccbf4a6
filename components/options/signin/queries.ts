import { queryOptions, useQuery } from '@tanstack/react-query';

import { createPublicApi } from '@/lib/operator/public-api';
import { useBackground } from '../../app/background-context';
import { sessionQuery } from '../../app/queries';

export const signInKeys = { options: (serverUrl: string) => ['sign-in-options', serverUrl] as const };

export const signInOptionsQuery = (api: ReturnType<typeof createPublicApi>, serverUrl: string) =>
  queryOptions({
    queryKey: signInKeys.options(serverUrl),
    queryFn: api.signInOptions,
    enabled: !!serverUrl,
    retry: false,
  });

/** What the server offers a signed-out user (registration mode, password reset), with its public client. */
export function useSignInOptions() {
  const session = useQuery(sessionQuery(useBackground()));
  const serverUrl = session.data?.serverUrl ?? '';
  const api = createPublicApi(serverUrl);
  const options = useQuery(signInOptionsQuery(api, serverUrl));
  return { api, options: options.data };
}
