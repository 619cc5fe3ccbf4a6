import { z } from 'zod';
import { searchKinds, searchSorts } from '../search/ast';
import { maxQueryLength } from '../search/syntax';
import { gemSummarySchema, pageQuery } from './core-contract';
import { idSchema, MAX_ROW_ID, queryInteger } from './integers';
import { messages } from './validators';

/**
 * The library's search over the API: the query text (lib/search/ast.ts for its language) and the spec's filter
 * parameters, the answers with snippets and facets, and saved searches. The server compiles all of it to one SQL
 * statement (server/features/search/compile.ts).
 */

/** The longest query text taken, in characters: the parser's own limit, so the two never disagree. */
export const MAX_QUERY_LENGTH = maxQueryLength;

const queryText = z.string().max(MAX_QUERY_LENGTH, messages.tooLong);

/** A field the spec's `filterby` names: free-text fields, or one of the query language's qualifiers. */
export const filterFields = [
  'title',
  'description',
  'url',
  'notes',
  'text',
  'tag',
  'collection',
  'type',
  'site',
] as const;
/**
 * How `queryby` is compared: text fields take all five (case-insensitive); tag, collection, type and site take
 * `is`/`contains` (the same: the qualifier) and `isNot`/`doesNotContain` (its negation).
 */
export const termTypes = ['contains', 'doesNotContain', 'is', 'isNot', 'startsWith'] as const;

const booleanText = z.enum(['true', 'false'], { error: "Must be 'true' or 'false'" }).transform((v) => v === 'true');

/** A query that has a filter needs its value (`queryby` names the problem when missing). */
const filterNeedsValue = (
  filter: string | undefined,
  value: string | undefined,
  ctx: z.RefinementCtx,
  names: { by: string; value: string },
) => {
  if (filter !== undefined && !value?.trim())
    ctx.addIssue({ code: 'custom', path: [names.value], message: `Required when ${names.by} is given` });
};

/**
 * A collection (with its sub-collections) or a tag (with its sub-tags) to search in, by id: the user's own or one
 * shared with them (how the library opens "Shared with me"); one the user has no access to is a 404.
 */
const sharedScope = {
  collectionId: queryInteger(1, MAX_ROW_ID).optional(),
  tagId: queryInteger(1, MAX_ROW_ID).optional(),
};

/**
 * `GET /api/filter-search`: `q` in the query language, AND-ed with the spec's one-field filter (`filterby` +
 * `queryby` + `termtype`) and with a saved search (`userQueryId`); `sortby`/`orderby` override the query's `sort:`.
 */
export const filterSearchQuery = pageQuery
  .extend({
    q: queryText.default(''),
    filterby: z.enum(filterFields).optional(),
    queryby: queryText.optional(),
    termtype: z.enum(termTypes).default('contains'),
    sortby: z.enum(searchSorts).optional(),
    orderby: z.enum(['asc', 'desc']).optional(),
    userQueryId: queryInteger(1, MAX_ROW_ID).optional(),
    ...sharedScope,
    /** Where the call comes from (the spec's `fromPage`); accepted and unused. */
    fromPage: z.string().max(100).optional(),
  })
  .superRefine((q, ctx) => filterNeedsValue(q.filterby, q.queryby, ctx, { by: 'filterby', value: 'queryby' }));
export type FilterSearchQuery = z.output<typeof filterSearchQuery>;

/** A piece of a snippet: the matched words have `match` true. Plain text, never HTML. */
export const snippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

export const searchHitSchema = gemSummarySchema.extend({
  /** Where the query's words matched (page text, description, notes or code), or [] when it has none. */
  snippet: z.array(snippetPartSchema),
  /** The relevance score (higher is better; 0 when the query has no words). */
  rank: z.number(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResultSchema = z.object({
  data: z.array(searchHitSchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** `GET /api/search-facets`: the same query parameters as filter-search, without paging and sort. */
export const searchFacetsQuery = z
  .object({
    q: queryText.default(''),
    filterby: z.enum(filterFields).optional(),
    queryby: queryText.optional(),
    termtype: z.enum(termTypes).default('contains'),
    userQueryId: queryInteger(1, MAX_ROW_ID).optional(),
    ...sharedScope,
  })
  .superRefine((q, ctx) => filterNeedsValue(q.filterby, q.queryby, ctx, { by: 'filterby', value: 'queryby' }));

const facetCount = { count: z.number() };
/**
 * Counts beside the results: each one is the total the query would have with that facet added (`type:code`,
 * `tag:"a/b"` with its children, `collection:"A/B"` with its sub-collections, `site:host` with its subdomains).
 * At most 50 of each, the largest first.
 */
export const searchFacetsSchema = z.object({
  data: z.object({
    types: z.array(z.object({ value: z.enum(searchKinds), ...facetCount })),
    tags: z.array(z.object({ id: z.number(), path: z.string(), ...facetCount })),
    collections: z.array(z.object({ id: z.number(), path: z.string(), ...facetCount })),
    sites: z.array(z.object({ value: z.string(), ...facetCount })),
  }),
  /** The query's own total. */
  total: z.number(),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const groupKeys = ['collection', 'tag', 'type', 'site'] as const;
export type GroupKey = (typeof groupKeys)[number];

/**
 * `GET /api/group-gems`: the query's gems grouped (a gem with two tags is in both tag groups; gems without a tag or a
 * site are in the group whose key is null). `page`/`perPage` page over the groups; each group carries its first
 * `perGroup` gems in the query's order. The spec's camel-case filter names.
 */
export const groupGemsQuery = pageQuery
  .extend({
    groupBy: z.enum(groupKeys),
    subGroupBy: z.enum(groupKeys).optional(),
    perGroup: queryInteger(0, 100).default(5),
    q: queryText.default(''),
    filterBy: z.enum(filterFields).optional(),
    queryBy: queryText.optional(),
    termType: z.enum(termTypes).default('contains'),
    sortBy: z.enum(searchSorts).optional(),
    orderBy: z.enum(['asc', 'desc']).optional(),
    /** Groups by name (`asc`, the default) or by size, largest first (`count`). */
    groupSortOrder: z.enum(['asc', 'desc', 'count']).default('asc'),
    userQueryId: queryInteger(1, MAX_ROW_ID).optional(),
    /** Only gems in this collection and its sub-collections. */
    collectionId: queryInteger(1, MAX_ROW_ID).optional(),
    fromPage: z.string().max(100).optional(),
  })
  .superRefine((q, ctx) => {
    filterNeedsValue(q.filterBy, q.queryBy, ctx, { by: 'filterBy', value: 'queryBy' });
    if (q.subGroupBy && q.subGroupBy === q.groupBy)
      ctx.addIssue({ code: 'custom', path: ['subGroupBy'], message: 'Must differ from groupBy' });
  });
export type GroupGemsQuery = z.output<typeof groupGemsQuery>;

/** A group's key: a collection or tag id, a kind (`type:`), a host; null for "no tag" / "no site". */
const groupKeySchema = z.union([z.number(), z.string()]).nullable();
const groupHead = {
  key: groupKeySchema,
  /** What the library shows: the collection's or tag's path, the kind, the host; '' for the null key. */
  name: z.string(),
  total: z.number(),
};
export const gemGroupSchema = z.object({
  ...groupHead,
  gems: z.array(gemSummarySchema),
  /** With `subGroupBy`: the group's gems grouped again (counts only; filter-search pages through one). */
  subGroups: z.array(z.object(groupHead)).optional(),
});
export type GemGroup = z.infer<typeof gemGroupSchema>;
export const groupGemsSchema = z.object({
  data: z.array(gemGroupSchema),
  /** The number of groups. */
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});

/** `GET /api/fetch-bookmarks`: the library's gems by kind, favourite and tags (any of them, with their children). */
export const fetchBookmarksQuery = pageQuery.extend({
  type: z.enum(searchKinds).optional(),
  is_favourite: booleanText.optional(),
  /** Tag paths (`parent/child`), separated by commas. */
  tags: z.string().max(MAX_QUERY_LENGTH, messages.tooLong).optional(),
  sortby: z.enum(searchSorts).optional(),
  orderby: z.enum(['asc', 'desc']).optional(),
});

// ---------- saved searches ----------

export const savedSearchSchema = z.object({
  id: z.number(),
  name: z.string(),
  query: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

const savedSearchName = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(200, messages.tooLong);
/** The query must parse (a 400 with the parser's message otherwise); it may be empty (every gem). */
const savedSearchText = z.string({ error: messages.required }).max(MAX_QUERY_LENGTH, messages.tooLong);
export const createSavedSearchBody = z.object({ data: z.object({ name: savedSearchName, query: savedSearchText }) });
export const updateSavedSearchBody = z.object({
  data: z.object({ name: savedSearchName.optional(), query: savedSearchText.optional() }),
});
export const savedSearchIdSchema = idSchema;
