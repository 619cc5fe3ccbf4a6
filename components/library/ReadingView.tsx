import { useState } from 'react';
import type { Gem } from '@/lib/api/contract';
import { Button } from '../ui/Button';

/** The saved text as plain paragraphs: it came from a web page, so it is only ever text, never HTML. */
export const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((p) => p.trim())
    .filter(Boolean);

/**
 * What was saved of the page, to read here: its text as paragraphs, its code as code, and its image only after a
 * click (loading it would tell the site the gem was opened).
 */
export function ReadingView({ gem }: { gem: Gem }) {
  const [showImage, setShowImage] = useState(false);
  const paragraphs = paragraphsOf(gem.text ?? '');
  const code = typeof gem.media.code === 'string' ? gem.media.code : null;
  return (
    <section className="library-reading" aria-labelledby={`reading-${gem.id}`}>
      <h3 id={`reading-${gem.id}`}>Saved text</h3>
      {gem.image &&
        (showImage ? (
          <img className="library-reading-image" src={gem.image} alt="" referrerPolicy="no-referrer" />
        ) : (
          <Button size="sm" onClick={() => setShowImage(true)}>
            Show image (loads it from {siteOfImage(gem.image)})
          </Button>
        ))}
      {code !== null && (
        <pre className="library-reading-code">
          <code>{code}</code>
        </pre>
      )}
      {paragraphs.length > 0
        ? paragraphs.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order, never reordered.
            <p key={i}>{p}</p>
          ))
        : code === null && <p className="hint">No text was saved with this gem.</p>}
    </section>
  );
}

function siteOfImage(url: string) {
  try {
    return new URL(url).hostname;
  } catch {
    return 'its site';
  }
}
