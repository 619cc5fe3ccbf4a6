import { searchApi } from '../../../lib/api/routes/search';
import type { QueryNode, SearchSort } from '../../../lib/search/ast';
import { defaultSortDir } from '../../../lib/search/syntax';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { searchMeaning } from './blend';
import { collectionSubtree, type FilterField, resolveSearch, scopeConditions, type TermType } from './filters';
import { groupGems } from './groups';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch } from './saved-searches';
import { searchFacets, searchGems } from './search';

const filterOf = (field: FilterField | undefined, value: string | undefined, term: TermType, valueField: string) =>
  field && value ? { field, value, term, valueField } : undefined;

/** The library's search (filter-search, facets, group-gems, fetch-bookmarks) and saved searches; mounted at /api. */
export function searchRoutes({ db, ai }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(searchApi.filterSearch, async (c, { query: q }) => {
      const { query, extra } = await resolveSearch(db, c.get('userId'), {
        q: q.q,
        filter: filterOf(q.filterby, q.queryby, q.termtype, 'queryby'),
        userQueryId: q.userQueryId,
        sort: { key: q.sortby, dir: q.orderby },
      });
      extra.push(...(await scopeConditions(db, c.get('userId'), q)));
      const meaning = await searchMeaning(db, ai, c.get('userId'), query);
      const { hits, total } = await searchGems(db, c.get('userId'), query, q, extra, meaning);
      return { status: 200, body: { data: hits, total, page: q.page, perPage: q.perPage } };
    })
    .implement(searchApi.facets, async (c, { query: q }) => {
      const { query, extra } = await resolveSearch(db, c.get('userId'), {
        q: q.q,
        filter: filterOf(q.filterby, q.queryby, q.termtype, 'queryby'),
        userQueryId: q.userQueryId,
      });
      extra.push(...(await scopeConditions(db, c.get('userId'), q)));
      const { facets, total } = await searchFacets(db, c.get('userId'), query, extra);
      return { status: 200, body: { data: facets, total } };
    })
    .implement(searchApi.groupGems, async (c, { query: q }) => {
      const userId = c.get('userId');
      const { query, extra } = await resolveSearch(db, userId, {
        q: q.q,
        filter: filterOf(q.filterBy, q.queryBy, q.termType, 'queryBy'),
        userQueryId: q.userQueryId,
        sort: { key: q.sortBy, dir: q.orderBy },
      });
      if (q.collectionId !== undefined) extra.push(await collectionSubtree(db, userId, q.collectionId));
      const args = { groupBy: q.groupBy, subGroupBy: q.subGroupBy, perGroup: q.perGroup, order: q.groupSortOrder };
      const { groups, total } = await groupGems(db, userId, query, args, q, extra);
      return { status: 200, body: { data: groups, total, page: q.page, perPage: q.perPage } };
    })
    .implement(searchApi.fetchBookmarks, async (c, { query: q }) => {
      const children: QueryNode[] = [];
      if (q.type) children.push({ kind: 'type', value: q.type });
      if (q.is_favourite !== undefined) {
        const fav: QueryNode = { kind: 'is', value: 'fav' };
        children.push(q.is_favourite ? fav : { kind: 'not', child: fav });
      }
      const tags = (q.tags ?? '')
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);
      if (tags.length) children.push({ kind: 'or', children: tags.map((path) => ({ kind: 'tag', path })) });
      const key = q.sortby ?? 'added';
      const sort: SearchSort = { key, dir: q.orderby ?? defaultSortDir[key] };
      const root: QueryNode | null = children.length ? { kind: 'and', children } : null;
      const { hits, total } = await searchGems(db, c.get('userId'), { root, sort }, q);
      const data = hits.map(({ snippet: _snippet, rank: _rank, ...gem }) => gem);
      return { status: 200, body: { data, total, page: q.page, perPage: q.perPage } };
    })
    .implement(searchApi.listSaved, async (c) => {
      const data = await listSavedSearches(db, c.get('userId'));
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(searchApi.createSaved, async (c, { body: { data } }) => ({
      status: 201,
      body: { data: await createSavedSearch(db, c.get('userId'), data) },
    }))
    .implement(searchApi.updateSaved, async (c, { params, body: { data } }) => ({
      status: 200,
      body: { data: await updateSavedSearch(db, c.get('userId'), params.id, data) },
    }))
    .implement(searchApi.deleteSaved, async (c, { params }) => ({
      status: 200,
      body: { data: await deleteSavedSearch(db, c.get('userId'), params.id) },
    })).app;
}
