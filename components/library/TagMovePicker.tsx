import type { TagWithPath as Tag } from '@/lib/api/contract';
import { moveChoices } from '@/lib/library/move-targets';
import { MovePicker } from './MovePicker';
import { useMoves } from './use-moves';

interface Props {
  tag: Tag;
  tags: readonly Tag[];
  onClose: () => void;
}

/**
 * "Move to…" for a tag: its new parent, or the top level (the tag itself and the tags under it are refused). A tag
 * menu opens it from its own item.
 */
export function TagMovePicker({ tag, tags, onClose }: Props) {
  const moves = useMoves();
  return (
    <MovePicker
      title={`Move #${tag.path} to…`}
      choices={moveChoices(tags, (t) => t.tag, { moving: { id: tag.id, name: `#${tag.tag}` }, topLevel: true })}
      onPick={(dest) => {
        const parent = tags.find((t) => t.id === dest);
        return moves.moveTag({ id: tag.id, name: tag.tag }, parent ? { id: parent.id, name: parent.tag } : null);
      }}
      onClose={onClose}
    />
  );
}
