import type { ApiClient } from '../api/client';
import { customSiteApi } from '../api/routes/custom-sites';

/** A collection's custom site (server/features/custom-sites): its subdirectory and its domain, bound and verified. */
export function createCustomSiteApi(client: ApiClient) {
  return {
    details: async (collectionId: number) =>
      (await client.call(customSiteApi.details, { query: { collectionId: String(collectionId) } })).data,
    setSubdirectory: async (collectionId: number, subdirectory: string | null) =>
      (await client.call(customSiteApi.assignSubdirectory, { body: { data: { collectionId, subdirectory } } })).data,
    bindDomain: async (collectionId: number, domain: string) =>
      (await client.call(customSiteApi.assignDomain, { body: { data: { collectionId, domain } } })).data,
    verifyDomain: async (collectionId: number) =>
      (await client.call(customSiteApi.verifyDomain, { body: { data: { collectionId } } })).data,
    removeDomain: async (collectionId: number) =>
      (await client.call(customSiteApi.removeDomain, { query: { collectionId: String(collectionId) } })).data,
  };
}
