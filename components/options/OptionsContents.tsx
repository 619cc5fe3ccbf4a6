import { type RefObject, useEffect, useState } from 'react';

interface Entry {
  id: string;
  title: string;
}

/** A heading's own words, without what it shows beside them ("Your gems" and its count). */
const titleOf = (heading: HTMLElement) =>
  [...heading.childNodes]
    .filter((node) => node.nodeType === Node.TEXT_NODE)
    .map((node) => node.textContent)
    .join('')
    .trim();

const sameEntries = (a: Entry[], b: Entry[]) =>
  a.length === b.length && a.every((entry, i) => entry.id === b[i]?.id && entry.title === b[i]?.title);

/**
 * "On this page": a link to each section of the settings page, read from the page's section headings (each an `h2`
 * with an id), so it lists exactly the sections shown and follows them as they come and go (signing in or out, an
 * administrator's section).
 */
export function OptionsContents({ page }: { page: RefObject<HTMLElement | null> }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  useEffect(() => {
    const root = page.current;
    if (!root) return;
    const read = () => {
      const next = [...root.querySelectorAll<HTMLElement>('h2[id]')].map((h) => ({ id: h.id, title: titleOf(h) }));
      setEntries((current) => (sameEntries(current, next) ? current : next));
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [page]);
  if (entries.length < 2) return null;
  return (
    <nav className="options-contents" aria-label="On this page">
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
