import { z } from 'zod';
import { dataOf, deletedSchema, gemSummarySchema, idParamSchema, listOf, pagedListOf } from '../core-contract';
import { defineRoute } from '../route';
import {
  createSavedSearchBody,
  fetchBookmarksQuery,
  filterSearchQuery,
  groupGemsQuery,
  groupGemsSchema,
  savedSearchSchema,
  searchFacetsQuery,
  searchFacetsSchema,
  searchResultSchema,
  updateSavedSearchBody,
} from '../search-contract';

const byId = z.object({ id: idParamSchema });

const QUERY_ERRORS =
  "A `q` that does not parse is a 400 naming `q` (`q: <the parser's message>`), with the parser's message alone " +
  'in `details.errors[0].message` and where it applies in `details.position` (0-based); a `userQueryId` or ' +
  '`collectionId` or `tagId` the user has no access to (neither their own nor shared with them) is a 404.';

/** The library's search (lib/search/ast.ts is its language), its facets and groups, and saved searches. */
export const searchApi = {
  filterSearch: defineRoute({
    method: 'get',
    path: '/api/filter-search',
    tag: 'Search',
    summary: 'Search the library',
    description:
      'The gems the user may read (their own and those shared with them; not trashed; chats, prompts, voices, personas and memories are not gems of the library) ' +
      'matching `q` AND the `filterby`/`queryby`/`termtype` filter AND the saved search `userQueryId`, with a ' +
      "snippet of where the words matched and a rank, in the query's sort (`sortby`/`orderby` override it). " +
      QUERY_ERRORS,
    auth: 'user',
    query: filterSearchQuery,
    responses: { 200: { description: 'A page of results and their total', schema: searchResultSchema } },
    errors: [404],
  }),
  facets: defineRoute({
    method: 'get',
    path: '/api/search-facets',
    tag: 'Search',
    summary: 'Counts by type, tag, collection and site for a query',
    description: `Each count is the total the query would have with that facet added. ${QUERY_ERRORS}`,
    auth: 'user',
    query: searchFacetsQuery,
    responses: { 200: { description: 'The facets and the query total', schema: searchFacetsSchema } },
    errors: [404],
  }),
  groupGems: defineRoute({
    method: 'get',
    path: '/api/group-gems',
    tag: 'Search',
    summary: "A query's gems grouped by collection, tag, type or site",
    description: QUERY_ERRORS,
    auth: 'user',
    query: groupGemsQuery,
    responses: { 200: { description: 'A page of groups', schema: groupGemsSchema } },
    errors: [404],
  }),
  fetchBookmarks: defineRoute({
    method: 'get',
    path: '/api/fetch-bookmarks',
    tag: 'Search',
    summary: 'Gems by type, favourite and tags',
    description:
      '`tags` holds tag paths separated by commas; a gem with any of them (or one of their children) is listed. ' +
      'Newest first unless `sortby` says otherwise.',
    auth: 'user',
    query: fetchBookmarksQuery,
    responses: { 200: { description: 'A page of gems', schema: pagedListOf(gemSummarySchema) } },
    errors: [],
  }),
  listSaved: defineRoute({
    method: 'get',
    path: '/api/saved-searches',
    tag: 'Search',
    summary: "The user's saved searches",
    auth: 'user',
    responses: { 200: { description: 'Every saved search, by name', schema: listOf(savedSearchSchema) } },
    errors: [],
  }),
  createSaved: defineRoute({
    method: 'post',
    path: '/api/saved-searches',
    tag: 'Search',
    summary: 'Save a search with a name',
    description:
      "The query is kept as typed (free words and `sort:` included) and must parse: a 400 with the parser's " +
      'message naming `data.query` otherwise. Names are unique per user, case-insensitively (409).',
    auth: 'user',
    body: { type: 'json', schema: createSavedSearchBody },
    responses: { 201: { description: 'The saved search', schema: dataOf(savedSearchSchema) } },
    errors: [409],
  }),
  updateSaved: defineRoute({
    method: 'put',
    path: '/api/saved-searches/{id}',
    tag: 'Search',
    summary: 'Rename a saved search or change its query',
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: updateSavedSearchBody },
    responses: { 200: { description: 'The saved search as saved', schema: dataOf(savedSearchSchema) } },
    errors: [404, 409],
  }),
  deleteSaved: defineRoute({
    method: 'delete',
    path: '/api/saved-searches/{id}',
    tag: 'Search',
    summary: 'Delete a saved search',
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'Its id', schema: deletedSchema } },
    errors: [404],
  }),
};
