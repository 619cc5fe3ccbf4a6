import type { SearchResult } from '../../lib/api/chat-contract';

/** A `source` stream part, or the source a citation names (the AI SDK's `Source`: a web page or a document). */
interface SourceLike {
  sourceType: string;
  url?: string;
  title?: string;
}

/**
 * The web pages a web-search answer drew on. Providers name them two ways in the AI SDK's stream: `source` parts
 * (the pages a search looked at) and the `citations` of a `text-end` part (the pages the text cites). OpenAI's
 * Responses API lists each search's pages by address only and gives the titles on its `url_citation` annotations,
 * which @ai-sdk/openai 4 delivers only as `text-end` citations once a search listed its pages. So once the answer
 * cites pages, its sources are those (in the order first cited, titled, with a searched page's title when the
 * citation has none); until then, the pages searched.
 */
export class WebSources {
  private readonly searched: SearchResult[] = [];
  private readonly cited: SearchResult[] = [];

  get results(): SearchResult[] {
    return this.cited.length ? this.cited : this.searched;
  }

  /** A page searched: the sources after it, or undefined when they do not change. */
  look(source: SourceLike): SearchResult[] | undefined {
    if (!add(this.searched, source)) return undefined;
    return this.cited.length ? undefined : this.results;
  }

  /** A text's citations: the sources after them, or undefined when they do not change. */
  cite(citations: readonly { source: SourceLike }[] | undefined): SearchResult[] | undefined {
    let changed = false;
    for (const { source } of citations ?? []) {
      const title = source.title || this.searched.find((page) => page.url === source.url)?.title;
      changed = add(this.cited, { ...source, title }) || changed;
    }
    return changed ? this.results : undefined;
  }
}

/** Adds a web page not yet in `pages`; whether it was added. */
function add(pages: SearchResult[], source: SourceLike): boolean {
  const { url } = source;
  if (source.sourceType !== 'url' || !url || pages.some((page) => page.url === url)) return false;
  pages.push({ title: source.title || url, content: '', url });
  return true;
}
