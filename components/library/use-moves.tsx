import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { errorMessage } from '../app/background-context';
import { useLibraryApi } from './library-api-context';
import { useLibraryChanged } from './use-library-changes';

/** What the move notice says: a move done (gem moves can be undone), a refusal, or what is cut. */
export interface MoveNotice {
  text: string;
  error?: boolean;
  /** The bulk job that Undo undoes. */
  undoJob?: number;
}

/** A collection cut with Ctrl/⌘+X, waiting for Ctrl/⌘+V on its new parent. */
export interface CutCollection {
  id: number;
  name: string;
}

const gems = (n: number) => `${n} ${n === 1 ? 'gem' : 'gems'}`;

function useMovesState() {
  const api = useLibraryApi();
  const changed = useLibraryChanged();
  const [notice, setNotice] = useState<MoveNotice | null>(null);
  const [cut, setCut] = useState<CutCollection | null>(null);
  const tell = useCallback((text: string) => setNotice({ text }), []);

  /** Runs a move; says what was done, or the server's reason when it refused (and throws it on, for a dialog). */
  const run = async (move: () => Promise<MoveNotice>) => {
    try {
      const done = await move();
      setNotice(done);
      changed();
    } catch (e) {
      setNotice({ text: errorMessage(e), error: true });
      throw e;
    }
  };
  const quiet = (move: Promise<unknown>) => move.catch(() => {}); // its notice says why

  return {
    notice,
    dismiss: () => setNotice(null),
    /** Says something the library did by itself (it left a view whose access was removed). */
    tell,
    cut,
    /** Cuts a collection (null: cancels), saying so. */
    setCut: (next: CutCollection | null) => {
      setCut(next);
      setNotice(
        next
          ? { text: `Cut ${next.name}: press Ctrl+V on a collection to move it there, Escape to cancel` }
          : { text: 'Move cancelled' },
      );
    },
    moveCollection: (collection: CutCollection, dest: { id: number; name: string } | null) =>
      run(async () => {
        await api.moveCollection(collection.id, dest?.id ?? null);
        setCut(null);
        return {
          text: dest ? `Moved ${collection.name} into ${dest.name}` : `Moved ${collection.name} to the top level`,
        };
      }),
    copyCollection: (collection: CutCollection) =>
      quiet(
        run(async () => {
          const copy = await api.copyCollection(collection.id);
          return { text: `Copied ${collection.name} as ${copy.name}` };
        }),
      ),
    moveTag: (tag: { id: number; name: string }, parent: { id: number; name: string } | null) =>
      run(async () => {
        await api.moveTag(tag.id, parent?.id ?? null);
        return { text: parent ? `Moved #${tag.name} under #${parent.name}` : `Moved #${tag.name} to the top level` };
      }),
    /** Moves gems to a collection as a bulk job, which Undo takes back. */
    moveGems: (ids: number[], to: { id: number; name: string }) =>
      run(async () => {
        const job = await api.bulk({ action: 'move', target: { ids }, collectionId: to.id });
        return { text: `Moved ${gems(ids.length)} to ${to.name}`, undoJob: job.id };
      }),
    tagGems: (ids: number[], tag: { id: number; name: string }) =>
      quiet(
        run(async () => {
          const job = await api.bulk({ action: 'tag', target: { ids }, tagIds: [tag.id] });
          return { text: `Tagged ${gems(ids.length)} #${tag.name}`, undoJob: job.id };
        }),
      ),
    undo: (job: number) =>
      quiet(
        run(async () => {
          await api.undoBulk(job);
          return { text: 'Undone' };
        }),
      ),
    /** Places a gem right before or after another in its collection's manual order. */
    placeGem: (gem: { id: number; title: string }, to: { before: number } | { after: number }) =>
      run(async () => {
        await api.placeGem(gem.id, to);
        return { text: `Moved ${gem.title}` };
      }),
  };
}

export type Moves = ReturnType<typeof useMovesState>;
const MovesContext = createContext<Moves | null>(null);

/** The library's moves (collections, tags, gems) and the one notice that reports them (MoveNotice.tsx). */
export function MovesProvider({ children }: { children: ReactNode }) {
  return <MovesContext.Provider value={useMovesState()}>{children}</MovesContext.Provider>;
}

export function useMoves(): Moves {
  const moves = useContext(MovesContext);
  if (!moves) throw new Error('useMoves needs a MovesProvider');
  return moves;
}
