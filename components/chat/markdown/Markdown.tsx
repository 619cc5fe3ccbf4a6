import '@/assets/markdown.css';
import { useState } from 'react';
import { openInNewTab } from '../open-url';
import { Block, OpenLink } from './Block';
import { lastContentBlock, splitMarkdown } from './blocks';

/** Blocks that may hold a reference link; code and raw HTML may not (and may still be open). */
const USES_DEFINITIONS = new Set(['paragraph', 'heading', 'list', 'blockquote', 'table']);

/**
 * A model's answer as markdown, safe for untrusted text: no raw HTML (shown as text), links only to
 * http(s) and mailto, opened by `onOpenUrl` (a new tab), remote images only on click, code highlighted
 * lazily once its fence is closed. The text is split into top-level blocks and each renders on its
 * own, so while `streaming` an update re-renders only the last block.
 */
export function Markdown({
  text,
  streaming,
  onOpenUrl = openInNewTab,
}: {
  text: string;
  streaming: boolean;
  onOpenUrl?: (url: string) => void;
}) {
  const [split, setSplit] = useState(() => splitMarkdown(text));
  if (split.input !== text) setSplit(splitMarkdown(text, split));

  const { blocks } = split;
  const last = lastContentBlock(blocks);
  // The last block's definition may be half written: it joins the others once finished.
  const definitions = blocks
    .filter((block, i) => block.type === 'def' && !(streaming && i === last))
    .map((block) => block.raw)
    .join('\n\n');
  return (
    <div className="md">
      <OpenLink value={onOpenUrl}>
        {blocks.map((block, i) =>
          block.type === 'space' ? null : (
            <Block
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks only change at the end, so an index names one block for as long as it exists
              key={i}
              raw={block.raw}
              live={streaming && i === last}
              definitions={USES_DEFINITIONS.has(block.type) && block.raw.includes('[') ? definitions : ''}
            />
          ),
        )}
      </OpenLink>
    </div>
  );
}
