import type { SnippetPart } from '@/lib/api/search-contract';

/** Where a search matched, its words marked; text only (the server sends parts, never HTML). */
export function Snippet({ parts }: { parts: SnippetPart[] }) {
  if (!parts.length) return null;
  return (
    <span className="library-snippet">
      {parts.map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet, in order, never reordered.
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </span>
  );
}
