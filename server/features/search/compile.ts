import { type SQL, sql } from 'drizzle-orm';
import type { QueryNode, SearchQuery, SearchSort } from '../../../lib/search/ast';
import { intArrayLiteral } from '../../db/rows';
import { fieldError } from '../../http/errors';
import type { Reach } from '../sharing/access';
import { orderOf } from './order';
import { hasTag, normalPath, userPathsCtes } from './paths';
import { type NamedIds, nameKey, type QueryName } from './query-names';
import { rankOf } from './rank';
import { gemHostSql, gemKindSql, libraryGemsCondition } from './readable';
import { rowCostHint } from './row-cost';
import { headlineSql } from './snippet';
import { isStopWord, isSymbols } from './stopwords';
import { andOf, everyWord, orOf, type TextMatch, textMatch, waysOf } from './text-match';

/**
 * A search query (lib/search/ast.ts) as parts of ONE SQL statement over the gems (alias `g`): the condition, the
 * CTEs facets and groups read (paths), the rank and the order. The tags and collections that `tag:`, `collection:`
 * and the free words name are read beforehand and written into it as ids (query-names.ts), so that the planner can
 * size their gems.
 *
 * Free words: the gem's text-search document (migration 0021: title and collection path weighted A, description
 * and notes B, page text, code and alt text C; the last word also as a prefix) OR a substring of the title or address
 * (for a word of letters and digits, the document's pieces of title and address words, migration 0059; for another,
 * the trigram indexes) OR, when it is the query's only word and a long one, a title word close to it (typos) OR one
 * of its tags' names (migration 0026; which tags a word names is read beforehand, query-names.ts).
 */

export interface CompiledSearch {
  /** `WITH RECURSIVE` definitions of the paths, with `paths` (empty otherwise). */
  ctes: SQL[];
  /** The library's gems (readable, not trashed, saves) that match. */
  where: SQL;
  /**
   * The same gems as `where`, as conditions whose OR is `where` (matchedSql makes a UNION of them): the words in the
   * document apart from their other ways to match, so the first is answered by the document's index alone and no
   * row's document is read to check it (most matches are there).
   */
  branches: SQL[];
  /** The positive words and phrases as one tsquery (any of them), for the rank and the snippet; null without. */
  textQuery: SQL | null;
  /** The snippet of a gem (snippet.ts): its text around the words, marked; NULL without words. */
  headline: SQL;
  /** The relevance of a gem (rank.ts); 0 without words. */
  rank: SQL;
  /** ORDER BY items (over `g` and the rank), ending with the id so pages never overlap. */
  order: SQL;
  sort: SearchSort;
  /** The asker, when the search is their whole library (nothing asked, nothing shared with them): counted apart. */
  wholeLibraryOf: number | null;
  /** The words, phrases and paths the compiler looked up in `named` (compileSearchFor reads them). */
  names: QueryName[];
}

/** The `english` configuration: stemmed, as the document is made (migration 0021). */
const CONFIG = sql.raw(`'english'::regconfig`);
/** Words at least this long may match a title word with a typo (pg_trgm's word similarity). */
const TYPO_MIN_LENGTH = 5;
/** The last word is also a prefix ("reac" finds "react") when it is at least this long. */
const PREFIX_MIN_LENGTH = 3;
/**
 * A word is also a substring of the title or address ("zaff" finds giallozafferano.it) when it is at least this long:
 * "use" would be in "house", "because" and "user" (the document holds no shorter pieces, migration 0059).
 */
const SUBSTRING_MIN_LENGTH = 4;
/**
 * A word of letters and digits up to this long is found inside title and address words by the document's pieces of
 * them (migration 0059: '~zaff'), in the document's index scan; a longer one, or one with other characters ("node.js"),
 * by the trigram indexes, each gem they find then read to check the query's other words (bench/RESULTS.md).
 */
const PIECE_MAX_LENGTH = 24;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const normalHost = (host: string) =>
  host
    .toLowerCase()
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#:].*$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');

const DAY_MS = 24 * 60 * 60 * 1000;
function dayStart(date: string): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : new Date(Number.NaN);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date)
    throw fieldError(400, 'q', `${date} is not a date (YYYY-MM-DD)`);
  return day;
}

/** A query's condition (null: it asks nothing) and the same as branches whose OR it is (Compiler.root). */
interface Matched {
  condition: SQL | null;
  branches: SQL[];
}
const oneBranch = (condition: SQL | null): Matched => ({ condition, branches: [condition ?? sql`true`] });

class Compiler {
  /** The words, phrases and paths looked up in `named`. */
  readonly names: QueryName[] = [];
  /** Positive words and phrases (not under a NOT), each as its tsquery, for rank and snippet. */
  readonly positive: SQL[] = [];
  readonly positiveWords: string[] = [];
  /** Each free word's or phrase's condition in parts: its document query, and its other ways to match. */
  private readonly texts = new Map<QueryNode, TextMatch>();

  constructor(
    /** The asker: `is:fav` is their own favourite mark, never another owner's. */
    private readonly userId: number,
    private readonly lastWord: QueryNode | undefined,
    /** Typos are looked for when the query has one free word only: each costs a trigram scan and rechecks. */
    readonly typos: boolean,
    private readonly named: NamedIds,
  ) {}

  /** The node's condition, or null when it asks nothing (a stop word, or made only of those): every gem matches. */
  node(node: QueryNode, negated: boolean): SQL | null {
    switch (node.kind) {
      case 'and':
      case 'or': {
        // Under a NOT the index is not read: the plain form is as good there.
        if (node.kind === 'and' && !negated) return this.allOf(node.children);
        const parts = node.children.map((child) => this.node(child, negated));
        const asked = parts.filter((part): part is SQL => part !== null);
        if (node.kind === 'or' && asked.length < parts.length) return null;
        if (!asked.length) return node.kind === 'and' ? null : sql`false`;
        return sql`(${sql.join(asked, sql.raw(node.kind === 'and' ? ' AND ' : ' OR '))})`;
      }
      case 'not': {
        const child = this.node(node.child, !negated);
        return child && sql`NOT ${child}`;
      }
      case 'word':
        return this.remember(node, node.text, this.word(node.text, node === this.lastWord, negated));
      case 'phrase':
        return this.remember(node, node.text, this.phrase(node.text, negated));
      case 'tag':
        // Tag names are unique per user, so a path's last segments name one tag: `#vegan` is `food/vegan`.
        return this.tagged({ text: normalPath(node.path), form: 'tag' }) ?? sql`false`;
      case 'collection': {
        const ids = this.idsOf({ text: normalPath(node.path), form: 'collection' });
        return ids.length ? sql`g.collection_id = ANY(${intArrayLiteral(ids)})` : sql`false`;
      }
      case 'type':
        return sql`${gemKindSql} = ${node.value}::text`;
      case 'site': {
        const host = normalHost(node.host);
        const reversed = [...host].reverse().join('');
        // The reversed host's prefix can use gems_owner_rhost_idx (its rows: a host that is not '', said here so the
        // planner may read it); the last part keeps "ample.com" from matching.
        return sql`(reverse(${gemHostSql}) LIKE ${`${escapeLike(reversed)}%`} AND ${gemHostSql} <> '' AND (${gemHostSql} = ${host} OR right(${gemHostSql}, ${host.length + 1}) = ${`.${host}`}))`;
      }
      case 'is':
        return node.value === 'fav'
          ? sql`(g.is_favourite AND g.owner_id = ${this.userId})`
          : sql`EXISTS (SELECT 1 FROM link_checks lc WHERE lc.gem_id = g.id AND lc.status = 'broken')`;
      case 'has':
        return node.value === 'note'
          ? sql`g.notes <> ''`
          : sql`((g.image IS NOT NULL AND g.image <> '') OR g.media_type = 'Image')`;
      case 'date': {
        const start = dayStart(node.date);
        return node.op === 'before'
          ? sql`g.created_at < ${start.toISOString()}::timestamptz`
          : sql`g.created_at >= ${new Date(start.getTime() + DAY_MS).toISOString()}::timestamptz`;
      }
    }
  }

  /**
   * Keeps a word's parts for allOf, unless its document query may be empty ("don't": two stop words once split):
   * an empty tsquery matches no document, but AND-ed with another (`&&`) it drops out and asks nothing.
   */
  private remember(node: QueryNode, text: string, match: TextMatch | SQL | null): SQL | null {
    if (!match || !('doc' in match)) return match;
    const lexemes = text.split(/[^\p{L}\p{N}]+/u).filter((part) => part && !isStopWord(part));
    if (lexemes.length) this.texts.set(node, match);
    return match.whole;
  }

  /**
   * An AND of conditions. Its free words and phrases (2 or more) are given as an equal condition the text-search index
   * can intersect: every word in the document as ONE tsquery (`a & b`), or, for the rarer gems where a word matches
   * only by tag, title or address, that other way and the other words each matched some way. Each word as an OR of
   * its four ways, AND-ed, let the planner read every gem of one word and check the others on each, reading each
   * gem's document (bench/RESULTS.md, "At 100,000 gems: the words intersected in the index").
   */
  private allOf(children: QueryNode[]): SQL | null {
    return this.conjunction(children).condition;
  }

  /** An AND's children compiled: all their conditions, and those apart: free words and phrases (TextMatch), others. */
  private split(children: QueryNode[]) {
    const parts = children.map((child) => ({ condition: this.node(child, false), text: this.texts.get(child) }));
    return {
      conditions: parts.flatMap((part) => part.condition ?? []),
      texts: parts.flatMap((part) => (part.condition && part.text ? [part.text] : [])),
      rest: parts.flatMap((part) => (part.condition && !part.text ? [part.condition] : [])),
    };
  }

  /**
   * The query's condition (null when it asks nothing), and the same as branches whose OR it is. For a word, a phrase
   * or an AND holding some, the first branch has the words in the document only (one index scan answers it, and no
   * gem's document is read to check it) and the second their other ways to match; otherwise one branch.
   */
  root(root: QueryNode | null): Matched {
    if (root?.kind === 'and') return this.conjunction(root.children);
    const condition = root && this.node(root, false);
    const text = root && this.texts.get(root);
    return condition && text ? { condition, branches: waysOf(text) } : oneBranch(condition);
  }

  /** An AND as `root` describes it. */
  private conjunction(children: QueryNode[]): Matched {
    const { conditions, texts, rest } = this.split(children);
    if (texts.length === 1) {
      const [text] = texts as [TextMatch];
      return { condition: andOf(conditions), branches: waysOf(text).map((way) => andOf([way, ...rest])) };
    }
    if (texts.length < 2) return oneBranch(conditions.length ? andOf(conditions) : null);
    const ways = everyWord(texts);
    return { condition: andOf([orOf(ways), ...rest]), branches: ways.map((way) => andOf([way, ...rest])) };
  }

  private word(text: string, last: boolean, negated: boolean): TextMatch | SQL | null {
    const word = text.trim().toLowerCase();
    // As websearch_to_tsquery does, a stop word asks nothing (its tsquery would be empty).
    if (!word || isStopWord(word)) return null;
    if (isSymbols(word)) return this.substring(word);
    // letters and digits only: nothing in the word is tsquery syntax, so it can be a prefix or a quoted piece
    const lettersAndDigits = /^[\p{L}\p{N}]+$/u.test(word);
    const prefix = last && word.length >= PREFIX_MIN_LENGTH && lettersAndDigits;
    const query = prefix ? sql`to_tsquery(${CONFIG}, ${`${word}:*`})` : sql`plainto_tsquery(${CONFIG}, ${word})`;
    const otherWays: SQL[] = [];
    if (!negated) {
      this.positive.push(query);
      this.positiveWords.push(word);
    }
    const inside = word.length >= SUBSTRING_MIN_LENGTH;
    const asPiece = inside && word.length <= PIECE_MAX_LENGTH && lettersAndDigits;
    if (inside && !asPiece) {
      const like = `%${escapeLike(word)}%`;
      otherWays.push(sql`lower(g.title) LIKE ${like}`, sql`lower(g.url) LIKE ${like}`);
    }
    if (this.typos && word.length >= TYPO_MIN_LENGTH) otherWays.push(sql`${word} <% lower(g.title)`);
    const doc = asPiece ? sql`(${query} || ${`'~${word}'`}::tsquery)` : query;
    return textMatch(doc, otherWays, this.tagged({ text: word, form: prefix ? 'prefix' : 'plain' }));
  }

  /** The gems with a tag the word or `tag:` path names (named), or null when it names none. */
  private tagged(name: QueryName): SQL | null {
    const ids = this.idsOf(name);
    return ids.length ? hasTag(intArrayLiteral(ids)) : null;
  }

  /** The ids of the tags or collections `name` names (none when it names none), read beforehand into `named`. */
  private idsOf(name: QueryName): readonly number[] {
    this.names.push(name);
    return this.named.get(nameKey(name)) ?? [];
  }

  /** Text with no lexeme (emoji, punctuation) found as a substring of the title or the address. */
  private substring(text: string): SQL {
    const like = `%${escapeLike(text)}%`;
    return sql`(lower(g.title) LIKE ${like} OR lower(g.url) LIKE ${like})`;
  }

  private phrase(text: string, negated: boolean): TextMatch | SQL | null {
    const phrase = text.trim().toLowerCase();
    const words = phrase.split(/\s+/);
    if (words.every(isStopWord)) return null;
    if (words.every((word) => isStopWord(word) || isSymbols(word))) return this.substring(phrase);
    const query = sql`phraseto_tsquery(${CONFIG}, ${phrase})`;
    if (!negated) {
      this.positive.push(query);
      this.positiveWords.push(phrase);
    }
    return textMatch(
      query,
      [sql`lower(g.title) LIKE ${`%${escapeLike(phrase)}%`}`],
      this.tagged({ text: phrase, form: 'phrase' }),
    );
  }
}

const countWords = (node: QueryNode): number =>
  node.kind === 'word'
    ? 1
    : node.kind === 'and' || node.kind === 'or'
      ? node.children.reduce((n, child) => n + countWords(child), 0)
      : node.kind === 'not'
        ? countWords(node.child)
        : 0;

/** The last free word of the query in reading order (it may be typed still: matched as a prefix too). */
function lastWordOf(node: QueryNode | null): QueryNode | undefined {
  if (!node) return undefined;
  if (node.kind === 'word') return node;
  if (node.kind === 'and' || node.kind === 'or') {
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i] as QueryNode;
      if (child.kind === 'word') return child;
      if (child.kind !== 'and' && child.kind !== 'or') continue;
      return lastWordOf(child);
    }
  }
  return undefined;
}

export interface CompileOptions {
  extra?: SQL[];
  paths?: boolean;
  reach?: Reach;
  /** The tags and collections the query names, read beforehand (compileSearchFor). */
  named: NamedIds;
}

/**
 * Compiles a query (and `extra` conditions of the caller's, AND-ed: filters, a collection) for the user; with
 * `paths`, both path CTEs are defined whether the query reads them or not (facets and groups name them). With the
 * user's `reach` (readerReach) the access rule is given as arrays, which plans in a fraction of the time.
 */
export function compileSearch(
  query: SearchQuery,
  userId: number,
  { extra = [], paths = false, reach, named }: CompileOptions,
): CompiledSearch {
  const typos = query.root !== null && countWords(query.root) === 1;
  const compiler = new Compiler(userId, lastWordOf(query.root), typos, named);
  const matched = compiler.root(query.root);
  const ctes: SQL[] = [];
  if (paths) ctes.push(...userPathsCtes(userId, reach));
  const textQuery = compiler.positive.length
    ? sql`(${sql.join(
        compiler.positive.map((q) => sql`${q}`),
        sql` || `,
      )})`
    : null;
  const rank = textQuery ? rankOf(textQuery, compiler.positiveWords, compiler.typos) : sql`0::real`;
  const sort = query.sort ?? { key: textQuery ? 'relevance' : 'added', dir: 'desc' };
  // With words, a row left to check is costed as its document's read (row-cost.ts).
  const library = sql.join([libraryGemsCondition(userId, reach), ...(textQuery ? [rowCostHint] : [])], sql` AND `);
  return {
    ctes,
    where: sql.join([library, matched.condition ?? sql`true`, ...extra], sql` AND `),
    branches: matched.branches.map((branch) => sql.join([library, branch, ...extra], sql` AND `)),
    textQuery,
    headline: textQuery ? headlineSql(textQuery, compiler.positiveWords) : sql`NULL::text`,
    rank,
    order: orderOf(sort, textQuery !== null),
    sort,
    wholeLibraryOf: matched.condition === null && !extra.length && reach?.owners.length === 0 ? userId : null,
    names: compiler.names,
  };
}

/**
 * The matched gems' `id` and other `columns` (of `g`), one row a gem: the branches' UNION (which compares the columns,
 * so only small ones), with no gem's document read to check a word the index found. The id is `g.id + 0`, in no
 * index's order: as `g.id` the duplicates could be dropped by merging branches read by the primary key, each row's
 * document read to check it (a member's `use function`, 57,318 matches: 1.6 s → 0.26 s on PGlite).
 */
export function matchedSql(compiled: CompiledSearch, columns?: SQL): SQL {
  const select = columns ? sql`g.id + 0 AS id, ${columns}` : sql`g.id + 0 AS id`;
  return sql.join(
    compiled.branches.map((branch) => sql`SELECT ${select} FROM gems g WHERE ${branch}`),
    sql` UNION `,
  );
}

/** `WITH RECURSIVE a AS (…), b AS (…), ` for the compiled CTEs and the statement's own, or nothing. */
export function withClause(compiled: CompiledSearch, own: SQL[] = []): SQL {
  const all = [...compiled.ctes, ...own];
  if (!all.length) return sql``;
  return sql`WITH ${compiled.ctes.length ? sql`RECURSIVE ` : sql``}${sql.join(all, sql`, `)} `;
}
