import { type DragEvent, useState } from 'react';

/** What is being dragged in the library: a collection, a tag, or gems (one, or the selection). */
export type LibraryDrag =
  | { kind: 'collection'; id: number; name: string }
  | { kind: 'tag'; id: number; name: string }
  | { kind: 'gems'; ids: number[]; title: string };

// Native HTML5 drag and drop: the keyboard has its own paths (Move to…, cut/paste, Alt+arrows), so no library.
const TYPE: Record<LibraryDrag['kind'], string> = {
  collection: 'application/x-trove-collection',
  tag: 'application/x-trove-tag',
  gems: 'application/x-trove-gems',
};

/** Makes an element a drag source of `drag`. */
export const dragSource = (drag: LibraryDrag) => ({
  draggable: true,
  onDragStart: (event: DragEvent) => {
    event.stopPropagation();
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData(TYPE[drag.kind], JSON.stringify(drag));
    event.dataTransfer.setData('text/plain', drag.kind === 'gems' ? drag.title : drag.name);
  },
});

const kindOf = (event: DragEvent, accept: readonly LibraryDrag['kind'][]) =>
  accept.find((kind) => event.dataTransfer.types.includes(TYPE[kind]));

/**
 * Makes an element a drop target for the kinds it accepts; `over` is true while one is held over it (its highlight).
 * `position` says whether the pointer is in the upper or lower half (a manual order's before/after).
 */
export function useDropTarget(
  accept: readonly LibraryDrag['kind'][],
  onDrop: (drag: LibraryDrag, position: 'before' | 'after') => void,
) {
  const [over, setOver] = useState<'before' | 'after' | null>(null);
  const half = (event: DragEvent) => {
    const box = event.currentTarget.getBoundingClientRect();
    return event.clientY < box.top + box.height / 2 ? 'before' : 'after';
  };
  const props = {
    onDragOver: (event: DragEvent) => {
      if (!kindOf(event, accept)) return;
      event.preventDefault();
      event.stopPropagation();
      event.dataTransfer.dropEffect = 'move';
      const side = half(event);
      if (side !== over) setOver(side);
    },
    onDragLeave: (event: DragEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(null);
    },
    onDrop: (event: DragEvent) => {
      const kind = kindOf(event, accept);
      setOver(null);
      if (!kind) return;
      event.preventDefault();
      event.stopPropagation();
      try {
        onDrop(JSON.parse(event.dataTransfer.getData(TYPE[kind])) as LibraryDrag, half(event));
      } catch {
        // not our drag after all (a malformed payload from another page): nothing to do
      }
    },
    'data-drop-over': over ?? undefined,
  };
  return props;
}
