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
import { type ReactNode, type RefObject, useId, useLayoutEffect } from 'react';
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

/** What a dialog focuses first when it names nothing: its first field, button or link in the tab order. */
const FOCUSABLE = [
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'button:not([disabled])',
  'a[href]',
  '[tabindex]',
]
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(', ');

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
  const panel = context.elements.floating;
  // Focus moves in as the panel mounts, not a frame later as the focus manager would move it: keys pressed at once
  // (a quick typist, a busy page) land in the dialog, never on the opener, and a field clicked in that frame keeps
  // the focus. This runs after the focus manager's own effects (children's run first), so it has noted the opener
  // and focus returns there on close.
  useLayoutEffect(() => {
    if (open && panel) (initialFocus?.current ?? panel.querySelector<HTMLElement>(FOCUSABLE) ?? panel).focus();
  }, [open, panel, initialFocus]);
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
            <FloatingFocusManager context={context} initialFocus={-1}>
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
