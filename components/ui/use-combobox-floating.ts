import {
  autoUpdate,
  flip,
  offset,
  size,
  useClick,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useInteractions,
  useListNavigation,
  useRole,
} from '@floating-ui/react';
import { useRef } from 'react';

/**
 * The combobox's list placement and interactions: below or above the input wherever it fits, as wide as the input,
 * no taller than `maxListHeight` or the room left; ↑/↓ move a virtual highlight (focus stays in the input).
 */
export function useComboboxFloating(options: {
  open: boolean;
  setOpen: (open: boolean) => void;
  maxListHeight: number;
  activeIndex: number | null;
  setActiveIndex: (index: number | null) => void;
}) {
  const { open, setOpen, maxListHeight, activeIndex, setActiveIndex } = options;
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const nodeId = useFloatingNodeId();
  const { refs, floatingStyles, context } = useFloating<HTMLInputElement>({
    nodeId,
    open,
    onOpenChange: setOpen,
    placement: 'bottom-start',
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply: ({ availableHeight, rects, elements }) => {
          elements.floating.style.width = `${rects.reference.width}px`;
          elements.floating.style.maxHeight = `${Math.max(Math.min(maxListHeight, availableHeight), 80)}px`;
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const interactions = useInteractions([
    useRole(context, { role: 'listbox' }),
    useClick(context, { toggle: false, keyboardHandlers: false }),
    useDismiss(context),
    useListNavigation(context, { listRef, activeIndex, onNavigate: setActiveIndex, virtual: true, loop: true }),
  ]);
  return { nodeId, refs, floatingStyles, listRef, ...interactions };
}
