import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomSite } from '@/lib/api/custom-site-contract';
import type { LibraryApi } from '@/lib/library/library-api';

/** A collection's custom site in the Publish… dialog: its key, query and changes (each answers the site as saved). */
export const customSiteKeys = {
  site: (collectionId: number) => ['library', 'customSite', collectionId] as const,
};

export const customSiteQuery = (api: LibraryApi, collectionId: number) =>
  queryOptions({
    queryKey: customSiteKeys.site(collectionId),
    queryFn: () => api.customSites.details(collectionId),
  });

export function useCustomSiteChange<V>(
  api: LibraryApi,
  collectionId: number,
  change: (sites: LibraryApi['customSites'], value: V) => Promise<CustomSite>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: V) => change(api.customSites, value),
    onSuccess: (site) => queryClient.setQueryData(customSiteKeys.site(collectionId), site),
  });
}
