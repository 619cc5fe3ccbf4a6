import {
  FloatingFocusManager,
  FloatingNode,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { type PointerEvent, type ReactNode, useId, useRef, useState } from 'react';
import { IconButton } from './IconButton';
import { InFloatingTree } from './InFloatingTree';

/** How far, as a share of the window's height, the handle must be dragged down to close the drawer. */
export const DRAG_CLOSE_SHARE = 0.3;

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** The visible heading; the drawer is labelled by it. */
  title: string;
  children: ReactNode;
}

/**
 * A modal panel rising from the bottom edge (the side panel's chat drawer). Like Dialog: focus moves in
 * (to the first control of the body) and is trapped, Escape or a press on the backdrop closes it, focus
 * returns to the opener. It also closes by its Close button or by dragging its handle down far enough.
 */
export function Drawer(props: DrawerProps) {
  return (
    <InFloatingTree>
      <DrawerInTree {...props} />
    </InFloatingTree>
  );
}

function DrawerInTree({ open, onClose, title, children }: DrawerProps) {
  const titleId = useId();
  const nodeId = useFloatingNodeId();
  const { refs, context } = useFloating({
    nodeId,
    open,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
  });
  const { getFloatingProps } = useInteractions([
    useDismiss(context, { outsidePressEvent: 'mousedown' }),
    useRole(context, { role: 'dialog' }),
  ]);
  const drag = useDragToClose(onClose);

  return (
    <FloatingNode id={nodeId}>
      {open && (
        <FloatingPortal>
          <FloatingOverlay className="ui-backdrop ui-backdrop-bottom" lockScroll>
            {/* Index 0 is the Close button: start in the body, or on the drawer itself when the body has no control. */}
            <FloatingFocusManager context={context} initialFocus={1}>
              <div
                ref={refs.setFloating}
                className="ui-drawer"
                data-dragging={drag.offset > 0 || undefined}
                style={drag.offset > 0 ? { transform: `translateY(${drag.offset}px)` } : undefined}
                role="dialog"
                aria-modal="true"
                aria-labelledby={titleId}
                {...getFloatingProps()}
              >
                {/* Pointer only: keyboard users have Escape and the Close button. */}
                <div className="ui-drawer-handle" aria-hidden="true" data-testid="drawer-handle" {...drag.handleProps}>
                  <span className="ui-drawer-grip" />
                </div>
                <div className="ui-drawer-header">
                  <h2 id={titleId} className="ui-drawer-title">
                    {title}
                  </h2>
                  <IconButton label="Close" icon="×" size="sm" onClick={onClose} />
                </div>
                <div className="ui-drawer-body">{children}</div>
              </div>
            </FloatingFocusManager>
          </FloatingOverlay>
        </FloatingPortal>
      )}
    </FloatingNode>
  );
}

/** Follows a pointer dragging the handle down; on release past the threshold it closes, otherwise it springs back. */
function useDragToClose(onClose: () => void) {
  const startY = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const end = (event: PointerEvent<HTMLElement>, cancelled: boolean) => {
    if (startY.current === null) return;
    const dragged = event.clientY - startY.current;
    startY.current = null;
    setOffset(0);
    if (!cancelled && dragged > window.innerHeight * DRAG_CLOSE_SHARE) onClose();
  };

  const handleProps = {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      startY.current = event.clientY;
      // Keeps the moves coming to the handle when the pointer leaves it (jsdom has no pointer capture).
      event.currentTarget.setPointerCapture?.(event.pointerId);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (startY.current !== null) setOffset(Math.max(0, event.clientY - startY.current));
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
  };
  return { offset, handleProps };
}
