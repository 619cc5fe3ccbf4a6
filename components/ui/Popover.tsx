import {
  autoUpdate,
  FloatingFocusManager,
  FloatingNode,
  FloatingPortal,
  flip,
  offset,
  type Placement,
  shift,
  size,
  useClick,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import { type ReactNode, useId, useState } from 'react';
import { cloneReference, type ReferenceElement } from './clone-reference';
import { InFloatingTree } from './InFloatingTree';

interface PopoverProps {
  /** The button that opens the popover; it must accept a ref and event handlers. */
  trigger: ReferenceElement;
  /** Names the popover for screen readers (shown as its heading when `showTitle`). */
  title: string;
  showTitle?: boolean;
  children: ReactNode | ((close: () => void) => ReactNode);
  placement?: Placement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** Non-modal panel opened by a click; focus moves in, and Escape or a click outside closes it and returns focus. */
export function Popover(props: PopoverProps) {
  return (
    <InFloatingTree>
      <PopoverInTree {...props} />
    </InFloatingTree>
  );
}

function PopoverInTree({
  trigger,
  title,
  showTitle = false,
  children,
  placement = 'bottom-start',
  ...control
}: PopoverProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = control.open ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    setUncontrolledOpen(next);
    control.onOpenChange?.(next);
  };
  const titleId = useId();
  const nodeId = useFloatingNodeId();
  const { refs, floatingStyles, context } = useFloating({
    nodeId,
    open,
    onOpenChange: setOpen,
    placement,
    middleware: [
      offset(6),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply: ({ availableHeight, elements }) => {
          elements.floating.style.maxHeight = `${Math.max(availableHeight, 120)}px`;
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
  ]);
  const ref = useMergeRefs([refs.setReference, trigger.props.ref]);

  return (
    <FloatingNode id={nodeId}>
      {cloneReference(trigger, ref, getReferenceProps)}
      {open && (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false}>
            <div
              ref={refs.setFloating}
              className="ui-popover"
              role="dialog"
              style={floatingStyles}
              aria-labelledby={showTitle ? titleId : undefined}
              aria-label={showTitle ? undefined : title}
              {...getFloatingProps()}
            >
              {showTitle && (
                <h2 id={titleId} className="ui-popover-title">
                  {title}
                </h2>
              )}
              {typeof children === 'function' ? children(() => setOpen(false)) : children}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </FloatingNode>
  );
}
