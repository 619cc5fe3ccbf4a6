/**
 * Query text → SearchQuery (lib/search/ast.ts), by recursive descent over the tokens of lib/search/tokens.ts:
 *
 *   query := or
 *   or    := and ('OR' and)*          OR binds looser than juxtaposition (AND)
 *   and   := unary+
 *   unary := '-'* ('(' or ')' | term)  each '-' negates what follows it
 *
 * `sort:` may appear once, at the top level only (not negated, not in parentheses, not beside an OR). Never throws:
 * every failure is an error with the 0-based position where something else was expected.
 */
import type { QueryNode, SearchQuery, SearchSort, SearchSyntaxError } from './ast';
import { andOf, negate, orOf } from './normalise';
import { maxNesting, maxQueryLength } from './syntax';
import { SearchFailure, type Token, tokenise } from './tokens';

export type ParseResult = { ok: true; query: SearchQuery } | { ok: false; error: SearchSyntaxError };

const termExpected = 'a word, phrase, qualifier or';
const strayClose = "Unexpected ')': there is no '(' for it to close";

class Parser {
  private next = 0;
  /** The query's `sort:` and where it was written. */
  sort: { sort: SearchSort; pos: number } | null = null;

  constructor(
    private readonly tokens: Token[],
    private readonly textLength: number,
  ) {}

  private peek(): Token | undefined {
    return this.tokens[this.next];
  }

  /** Where the next token starts, or the end of the text. */
  private here(): number {
    return this.peek()?.pos ?? this.textLength;
  }

  /** The whole query; `sort:` is refused beside a top-level OR, where it would belong to one operand only. */
  parseTop(): QueryNode | null {
    if (this.tokens.length === 0) return null;
    const operands = this.parseOrOperands(0);
    const stray = this.peek();
    if (stray !== undefined) throw new SearchFailure(stray.pos, strayClose);
    if (operands.length > 1 && this.sort !== null) {
      throw new SearchFailure(
        this.sort.pos,
        "'sort:' cannot be part of an OR: put the OR in parentheses, e.g. (a OR b) sort:title",
      );
    }
    return orOf(operands.filter((node): node is QueryNode => node !== null));
  }

  private parseOrOperands(depth: number): (QueryNode | null)[] {
    const operands = [this.parseAnd(depth)];
    while (this.peek()?.t === 'or') {
      const orPos = this.here();
      this.next += 1;
      const after = this.peek();
      if (after === undefined || after.t === 'or' || after.t === 'close') {
        throw new SearchFailure(this.here(), `Expected ${termExpected} '(' after the OR at ${orPos}`);
      }
      operands.push(this.parseAnd(depth));
    }
    return operands;
  }

  /** One or more terms side by side; null when they were only `sort:`. */
  private parseAnd(depth: number): QueryNode | null {
    const children: QueryNode[] = [];
    let terms = 0;
    for (let token = this.peek(); token && token.t !== 'or' && token.t !== 'close'; token = this.peek()) {
      const node = this.parseUnary(depth);
      terms += 1;
      if (node !== null) children.push(node);
    }
    if (terms === 0) {
      const token = this.peek();
      if (token?.t === 'or') throw new SearchFailure(token.pos, `Expected ${termExpected} '(' before OR`);
      if (token?.t === 'close' && depth === 0) throw new SearchFailure(token.pos, strayClose);
      throw new SearchFailure(this.here(), `Expected ${termExpected} '(' inside the parentheses`);
    }
    return andOf(children);
  }

  private parseUnary(depth: number): QueryNode | null {
    let negations = 0;
    let negPos = -1;
    while (this.peek()?.t === 'neg') {
      negPos = this.here();
      negations += 1;
      this.next += 1;
    }
    const token = this.peek();
    if (token === undefined || token.t === 'or' || token.t === 'close' || token.t === 'neg') {
      throw new SearchFailure(this.here(), `Expected ${termExpected} '(' after the '-' at ${negPos}`);
    }
    this.next += 1;
    let node: QueryNode | null;
    if (token.t === 'sort') {
      if (negations > 0) throw new SearchFailure(negPos, "'sort:' cannot be negated");
      if (depth > 0) throw new SearchFailure(token.pos, "'sort:' works only at the top level, not inside parentheses");
      if (this.sort !== null) {
        throw new SearchFailure(token.pos, `Only one 'sort:' per query (there is one at ${this.sort.pos})`);
      }
      this.sort = { sort: token.sort, pos: token.pos };
      return null;
    }
    if (token.t === 'open') node = this.parseGroup(token.pos, depth + 1);
    else node = token.node;
    if (node === null) return null;
    return negations % 2 === 1 ? negate(node) : node;
  }

  private parseGroup(openPos: number, depth: number): QueryNode | null {
    if (depth > maxNesting) {
      throw new SearchFailure(openPos, `Too deeply nested: at most ${maxNesting} levels of parentheses`);
    }
    const node = orOf(this.parseOrOperands(depth).filter((child): child is QueryNode => child !== null));
    if (this.peek()?.t !== 'close') throw new SearchFailure(this.here(), `Expected ')' to close the '(' at ${openPos}`);
    this.next += 1;
    return node;
  }
}

export function parseSearch(text: string): ParseResult {
  if (text.length > maxQueryLength) {
    return {
      ok: false,
      error: { position: maxQueryLength, message: `The query is too long: at most ${maxQueryLength} characters` },
    };
  }
  try {
    const parser = new Parser(tokenise(text), text.length);
    const root = parser.parseTop();
    const sort = parser.sort?.sort;
    return { ok: true, query: sort ? { root, sort } : { root } };
  } catch (failure) {
    if (failure instanceof SearchFailure) {
      return { ok: false, error: { position: failure.position, message: failure.message } };
    }
    throw failure;
  }
}
