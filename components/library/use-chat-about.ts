import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Collection } from '@/lib/api/contract';
import type { LibraryChat } from '@/lib/chat/chat-requests';
import { chatInPanel, knowOwnTab } from '@/lib/library/chat-in-panel';
import type { LibrarySource } from '@/lib/library/sources';
import { errorMessage } from '../app/background-context';
import { useToast } from '../ui/Toast';
import { useLibraryApi } from './library-api-context';
import { savedSearchesQuery } from './queries';

interface Inputs {
  source: LibrarySource;
  /** The search text that stands for the source (lib/library/source-query.ts). */
  q: string | null;
  /** The results' heading. */
  title: string;
  collections: Collection[];
  /** Hands the request to the side panel (by default chatInPanel; tests pass their own). */
  onChat?: (about: LibraryChat) => Promise<void>;
}

/** What the current results are, as a chat request: a collection by id (the panel's collection context), else a search. */
function aboutResults(
  { source, q, title, collections }: Inputs,
  savedQuery: (id: number) => { name: string; query: string } | undefined,
  savedNamed: (query: string) => string | undefined,
  total: number,
): LibraryChat | null {
  if (source.kind === 'trash') return null;
  if (source.kind === 'collection') {
    const collection = collections.find((c) => c.id === source.id);
    return collection ? { about: 'collection', collection: { id: collection.id, name: collection.name } } : null;
  }
  if (source.kind === 'saved') {
    const saved = savedQuery(source.id);
    return saved ? { about: 'search', query: saved.query, label: saved.name, total } : null;
  }
  if (q === null) return null;
  // A search is named as the sidebar names it (a saved search's name) or by its text; a view (All gems, a tag) by its heading.
  const label = source.kind === 'search' ? (savedNamed(q) ?? q) : title;
  return { about: 'search', query: q, label, total };
}

/**
 * "Chat about it" (one gem) and "Chat about these results" (the collection, saved search or search shown): the side
 * panel of the library's window opens (inside the click's gesture) and starts a chat with them as context. A search
 * goes as its text: the server finds its gems when it answers, with the library's own rule for who may read what.
 */
export function useChatAbout(inputs: Inputs) {
  const api = useLibraryApi();
  const toast = useToast();
  // The sidebar's list (the same query): a saved search runs as a typed one.
  const saved = useQuery(savedSearchesQuery(api));
  const send = inputs.onChat ?? chatInPanel;
  useEffect(() => {
    if (!inputs.onChat) void knowOwnTab();
  }, [inputs.onChat]);
  const ask = (about: LibraryChat) => void send(about).catch((error) => toast('error', errorMessage(error)));
  const results = (total: number) =>
    aboutResults(
      inputs,
      (id) => saved.data?.find((s) => s.id === id),
      (query) => saved.data?.find((s) => s.query === query)?.name,
      total,
    );
  return {
    aboutGem: (gem: { id: number; title: string }) =>
      ask({ about: 'gems', gems: [{ id: gem.id, title: gem.title.slice(0, 1000) }] }),
    /** Null where there is nothing to chat about (the trash, a source not known yet). */
    aboutResults: results(0)
      ? (total: number) => {
          const about = results(total);
          if (about) ask(about);
        }
      : null,
  };
}
