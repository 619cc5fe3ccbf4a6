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
import { type ReactNode, type RefObject, useId } from 'react';
import { InFloatingTree } from './InFloatingTree';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The visible heading; the dialog is labelled by it. */
  title: string;
  /** Optional text under the title; the dialog is described by it. */
  description?: string;
  children: ReactNode;
  /** The element focused on open; by default the first focusable one. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Whether a click on the backdrop closes the dialog (Escape always does). */
  closeOnBackdrop?: boolean;
  className?: string;
}

/** Where the panel sits: centred (a dialog), or sliding in from an edge (a sheet, see Sheet.tsx). */
export type DialogLayout = 'center' | 'right' | 'bottom';

/** A modal dialog: focus moves in and is trapped, Escape closes it, focus returns to the opener. */
export function Dialog(props: DialogProps) {
  return <DialogPanel {...props} layout="center" />;
}

export function DialogPanel(props: DialogProps & { layout: DialogLayout }) {
  return (
    <InFloatingTree>
      <DialogInTree {...props} />
    </InFloatingTree>
  );
}

function DialogInTree({
  open,
  onOpenChange,
  title,
  description,
  children,
  initialFocus,
  closeOnBackdrop = true,
  className,
  layout,
}: DialogProps & { layout: DialogLayout }) {
  const titleId = useId();
  const descriptionId = useId();
  const nodeId = useFloatingNodeId();
  const { refs, context } = useFloating({ nodeId, open, onOpenChange });
  const { getFloatingProps } = useInteractions([
    // Presses that start on the backdrop only: a text selection dragged out of the panel must not close it.
    useDismiss(context, { outsidePress: closeOnBackdrop, outsidePressEvent: 'mousedown' }),
    useRole(context, { role: 'dialog' }),
  ]);
  const panelClass = ['ui-dialog', `ui-dialog-${layout}`, className].filter(Boolean).join(' ');

  return (
    <FloatingNode id={nodeId}>
      {open && (
        <FloatingPortal>
          <FloatingOverlay className={`ui-backdrop ui-backdrop-${layout}`} lockScroll>
            <FloatingFocusManager context={context} initialFocus={initialFocus ?? 0}>
              <div
                ref={refs.setFloating}
                className={panelClass}
                role="dialog"
                aria-modal="true"
                aria-labelledby={titleId}
                aria-describedby={description ? descriptionId : undefined}
                {...getFloatingProps()}
              >
                <h2 id={titleId} className="ui-dialog-title">
                  {title}
                </h2>
                {description && (
                  <p id={descriptionId} className="ui-dialog-description">
                    {description}
                  </p>
                )}
                {children}
              </div>
            </FloatingFocusManager>
          </FloatingOverlay>
        </FloatingPortal>
      )}
    </FloatingNode>
  );
}
