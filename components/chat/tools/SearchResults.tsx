import './tools.css';
import type { SearchResult } from '@/lib/api/chat-contract';
import { isWebAddress } from '@/lib/api/web-address';
import { siteOf } from '@/lib/page/site-name';

/** Web search: the pages the answer drew on, under it; each opens in a new tab. */
export function SearchResults({ results, onOpenUrl }: { results: SearchResult[]; onOpenUrl: (url: string) => void }) {
  if (!results.length) return <p className="search-results-empty">The web search found no sources.</p>;
  return (
    <section className="search-results" aria-label="Web sources">
      <h4 className="search-results-title">Sources</h4>
      <ol>
        {results.map((result) => (
          <li key={result.url}>
            <button
              type="button"
              className="search-result"
              onClick={() => isWebAddress(result.url) && onOpenUrl(result.url)}
            >
              <span className="search-result-title">{result.title}</span>
              <span className="search-result-host">{siteOf(result.url)}</span>
            </button>
            {result.content ? <p className="search-result-content">{result.content}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
