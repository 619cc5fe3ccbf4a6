import { type ContextManifestItem, type MessageContext, manifestItems } from '@/lib/api/chat-contract';
import { MAX_GEMS_PER_COLLECTION } from '@/lib/api/context-budget';

const INCLUDED = { full: 'in full', truncated: 'cut to fit', dropped: 'left out (no room)' } as const;
const count = (n: number) => n.toLocaleString('en-US');

/** One line of the manifest. The stand-in for a collection's or search's unread gems was never measured: no tokens to show. */
function itemLine(item: ContextManifestItem) {
  if (item.omitted !== undefined) {
    const gems = item.omitted === 1 ? 'gem' : 'gems';
    return item.kind === 'searchGem'
      ? `${count(item.omitted)} more ${gems} found by "${item.query ?? ''}" not read (only the first ${count(MAX_GEMS_PER_COLLECTION)} are)`
      : `${count(item.omitted)} more ${gems} of this collection not read (only the newest ${count(MAX_GEMS_PER_COLLECTION)} are)`;
  }
  return `${item.title || item.url || item.kind} — ${INCLUDED[item.included]} (${count(item.includedTokens)} of ${count(item.tokens)} tokens)`;
}

/** What context an answer was given, from the server's manifest: nothing cut without saying so. */
export function ContextUsed({ context }: { context: MessageContext }) {
  const items = manifestItems(context);
  if (!items.length) return null;
  const read = items.filter((i) => i.omitted === undefined);
  const cut = read.filter((i) => i.included !== 'full').length;
  const unread = items.reduce((sum, i) => sum + (i.omitted ?? 0), 0);
  return (
    <details className="context-used">
      <summary>
        Context: {read.length} {read.length === 1 ? 'item' : 'items'}
        {cut ? `, ${cut} cut or left out` : ''}
        {unread ? `, ${count(unread)} more ${unread === 1 ? 'gem' : 'gems'} not read` : ''}
      </summary>
      <ul>
        {items.map((item, i) => (
          <li key={`${item.kind}-${item.id ?? i}`}>{itemLine(item)}</li>
        ))}
      </ul>
    </details>
  );
}
