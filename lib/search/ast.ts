/**
 * The library's search query, parsed: a tree of matchers the server compiles to one SQL statement, and the chips
 * of the search box print back to text. The parser (lib/search/parse.ts) makes it, the printer
 * (lib/search/print.ts) writes it back so that parse(print(tree)) equals the tree.
 */

/** The gem kinds `type:` names, as typed (lower case); each stands for one or more media types. */
export const searchKinds = ['link', 'article', 'image', 'code', 'pdf', 'audio', 'video', 'quote', 'note'] as const;
export type SearchKind = (typeof searchKinds)[number];

export const searchSorts = ['added', 'updated', 'title', 'site', 'relevance', 'manual'] as const;
export type SearchSortKey = (typeof searchSorts)[number];
export interface SearchSort {
  key: SearchSortKey;
  dir: 'asc' | 'desc';
}

export type QueryNode =
  /** All children match. */
  | { kind: 'and'; children: QueryNode[] }
  /** At least one child matches (`a OR b`). */
  | { kind: 'or'; children: QueryNode[] }
  /** The child does not match (`-word`, `-tag:x`, `-(a OR b)`). */
  | { kind: 'not'; child: QueryNode }
  /** A free word: matched by the text-search document (stemmed) or, for substrings and typos, title and address. */
  | { kind: 'word'; text: string }
  /** A `"quoted phrase"`: its words in this order. */
  | { kind: 'phrase'; text: string }
  /** `tag:a/b` or `#a/b`: the gem has the tag at this path or one of its children. */
  | { kind: 'tag'; path: string }
  /** `collection:"A/B"`: the gem is in this collection or one of its sub-collections. */
  | { kind: 'collection'; path: string }
  | { kind: 'type'; value: SearchKind }
  /** `site:example.com`: the gem's address is on this host or one of its subdomains. */
  | { kind: 'site'; host: string }
  | { kind: 'is'; value: 'fav' | 'broken' }
  | { kind: 'has'; value: 'note' | 'image' }
  /** `before:2026-01-31` / `after:2026-01-01`: the gem was added before (after) that day (UTC), the day excluded. */
  | { kind: 'date'; op: 'before' | 'after'; date: string };

export interface SearchQuery {
  /** Null when the query has no matchers (empty, or only `sort:`): every gem matches. */
  root: QueryNode | null;
  /** `sort:added` (newest first), `sort:title-asc`…; absent means relevance with words, else added. */
  sort?: SearchSort;
}

/** What a query that cannot be parsed says: where (0-based character offset) and what was expected there. */
export interface SearchSyntaxError {
  position: number;
  message: string;
}
