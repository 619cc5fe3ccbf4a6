import type { ConversationTurns } from './ConversationTurns';

// The turns' code is its own chunk, loaded once the panel is idle, or at once when it opens on a chat.
let loaded: typeof ConversationTurns | null = null;
let loading: Promise<typeof ConversationTurns> | null = null;

export function loadTurns(): Promise<typeof ConversationTurns> {
  loading ??= import('./ConversationTurns').then((m) => {
    loaded = m.ConversationTurns;
    return loaded;
  });
  // A chunk that failed to load is asked for again next time.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The turns' component, once its code is here. */
export const loadedTurns = () => loaded;
