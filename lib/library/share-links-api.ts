import type { ApiClient } from '../api/client';
import { shareLinkApi } from '../api/routes/share-links';
import type { ShareLink, ShareLinkSettings } from '../api/share-link-contract';

export type LinkTarget = { kind: 'collection' | 'tag' | 'gem'; id: number };

/** The library's share-link calls (server/features/share-links): one link per collection, tag or gem. */
export function createShareLinksApi(client: ApiClient) {
  const createRoute = { collection: shareLinkApi.collectionLink, tag: shareLinkApi.tagLink, gem: shareLinkApi.gemLink };
  return {
    /** The resource's link, or null before one is made. */
    get: async (target: LinkTarget): Promise<ShareLink | null> =>
      (await client.call(shareLinkApi.list, { query: { kind: target.kind, resourceId: target.id } })).data[0] ?? null,
    /** Makes the link (anyone with it may open it) or changes its settings. */
    save: async (target: LinkTarget, data: ShareLinkSettings = {}) =>
      (await client.call(createRoute[target.kind], { params: { id: target.id }, body: { data } })).data,
    update: async (linkId: number, data: ShareLinkSettings) =>
      (await client.call(shareLinkApi.update, { params: { id: linkId }, body: { data } })).data,
    /** A new address; the old one stops working at once. */
    regenerate: async (linkId: number) => (await client.call(shareLinkApi.regenerate, { params: { id: linkId } })).data,
    /** Deletes the link: its address stops working at once. */
    remove: async (linkId: number) => (await client.call(shareLinkApi.remove, { params: { id: linkId } })).data,
  };
}

export type ShareLinksApi = ReturnType<typeof createShareLinksApi>;
