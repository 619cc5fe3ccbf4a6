import { z } from 'zod';
import { contextManifestItemSchema } from '@/lib/api/chat-contract';

const manifestSchema = z.object({ items: z.array(contextManifestItemSchema) });

const INCLUDED = { full: 'in full', truncated: 'cut to fit', dropped: 'left out (no room)' } as const;

/** What context an answer was given, from the server's manifest: nothing cut without saying so. */
export function ContextUsed({ context }: { context: Record<string, unknown> }) {
  const parsed = manifestSchema.safeParse(context);
  if (!parsed.success || !parsed.data.items.length) return null;
  const items = parsed.data.items;
  const cut = items.filter((i) => i.included !== 'full').length;
  return (
    <details className="context-used">
      <summary>
        Context: {items.length} {items.length === 1 ? 'item' : 'items'}
        {cut ? `, ${cut} cut or left out` : ''}
      </summary>
      <ul>
        {items.map((item, i) => (
          <li key={`${item.kind}-${item.id ?? i}`}>
            {item.title || item.url || item.kind} — {INCLUDED[item.included]} (
            {item.includedTokens.toLocaleString('en-US')} of {item.tokens.toLocaleString('en-US')} tokens)
          </li>
        ))}
      </ul>
    </details>
  );
}
