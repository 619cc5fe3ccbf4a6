import type { Collection } from '@/lib/api/contract';
import { moveChoices } from '@/lib/library/move-targets';
import { MovePicker } from './MovePicker';
import { useMoves } from './use-moves';

interface Props {
  ids: number[];
  collections: readonly Collection[];
  onClose: () => void;
}

/** "Move to…" for gems (`m` on a gem: it, or the selection it is in): a bulk move, which the notice's Undo takes back. */
export function GemMovePicker({ ids, collections, onClose }: Props) {
  const moves = useMoves();
  return (
    <MovePicker
      title={ids.length === 1 ? 'Move the gem to…' : `Move ${ids.length} gems to…`}
      choices={moveChoices(collections, (c) => c.name, { topLevel: false })}
      onPick={(dest) => {
        const to = collections.find((c) => c.id === dest);
        return to ? moves.moveGems(ids, { id: to.id, name: to.name }) : Promise.resolve();
      }}
      onClose={onClose}
    />
  );
}
